import { staffCall } from '../../../client/staff-session.ts';
import { COATS } from '../../../domain/booking-api-schemas.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { CustomerSavedSchema, type CustomerRecord, type DogCard } from '../../../domain/customer-records.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextArea, TextField } from '../../forms/TextField.tsx';
import { checkDog, dogFormOf, type DogForm } from './dog-form.ts';
import { useRecordForm } from './use-record-form.ts';
import { VaccinationFields } from './VaccinationFields.tsx';

const COAT_OPTIONS = [
  { value: '', label: 'Not known' },
  ...COATS.map((coat) => ({ value: coat, label: COAT_LABELS[coat] })),
];

/** A dog's card as a form: weighed today, coat, temperament, vet and vaccinations. */
export function DogEditor({
  customerId,
  dog,
  onSaved,
  onCancel,
}: {
  customerId: string;
  dog: DogCard;
  onSaved(c: CustomerRecord): void;
  onCancel(): void;
}) {
  const { id, form, set, text, box, submit, save } = useRecordForm({
    initial: () => dogFormOf(dog),
    check: (form: DogForm) => checkDog(form, dog),
    send: (body) =>
      staffCall(apiRoutes.saveDog, { params: { id: customerId, dog: dog._id }, body, schema: CustomerSavedSchema }),
    onSaved,
  });
  return (
    <form className="rec-form" onSubmit={save} noValidate>
      <div className="rec-pair">
        <TextField label="Weight today (kg)" optional inputMode="decimal" {...text('weight')} />
        <SelectField label="Coat" options={COAT_OPTIONS} {...text('coat')} />
      </div>
      <TextArea label="Temperament" optional maxLength={500} {...text('temperament')} />
      <Checkbox {...box('nervous')}>Nervous: give them time</Checkbox>
      <div className="rec-pair">
        <TextField label="Vet" optional maxLength={120} {...text('vetName')} />
        <TextField label="Vet's number" type="tel" optional maxLength={40} {...text('vetPhone')} />
      </div>
      <VaccinationFields
        id={`${id}-vaccination`}
        rows={form.vaccinations}
        onChange={(vaccinations) => set({ vaccinations })}
      />
      <FormActions submit={submit} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}
