import { type SyntheticEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { MAX_TIERS, TIER_KIND_LABELS, TIER_KINDS } from '../../../domain/check-in.ts';
import { SettingsSavedSchema, type ShopSettings } from '../../../domain/shop-settings.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { Checkbox } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { SelectField } from '../../forms/SelectField.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { Card } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { useFields } from '../use-fields.ts';
import { checkInFormOf, checkInOf, type CheckInForm, type TierRow } from './check-in-form.ts';

const KINDS = TIER_KINDS.map((k) => ({ value: k, label: TIER_KIND_LABELS[k] }));

/**
 * Check-in (decision 091): the matting and handling tiers the counter offers with their surcharges,
 * and whether vaccinations must be in date. Saved through the settings' one save.
 */
export function CheckInPanel({ shop, onDone }: { shop: ShopSettings } & Pick<Acting, 'onDone'>) {
  const { values: f, set, replace } = useFields<CheckInForm>(() => checkInFormOf(shop.settings.checkIn));
  const submit = useSubmit('We could not save the check-in settings');
  const change = (i: number, to: Partial<TierRow>) =>
    set(
      'tiers',
      f.tiers.map((t, j) => (j === i ? { ...t, ...to } : t)),
    );
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = checkInOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    if (JSON.stringify(made.checkIn) === JSON.stringify(shop.settings.checkIn))
      return submit.fail('Nothing has changed yet');
    void submit.run(
      () => staffCall(apiRoutes.saveSettings, { body: { checkIn: made.checkIn }, schema: SettingsSavedSchema }),
      (saved) => {
        replace(checkInFormOf(saved.settings.checkIn));
        onDone('Check-in settings saved. The next check-in offers these tiers.');
      },
    );
  };
  return (
    <Card id="check-in-title" title="Check-in">
      <form className="rec-form" onSubmit={save} noValidate aria-labelledby="check-in-title">
        <p className="mgmt-meta">
          The tiers the counter offers when a dog is checked in. The owner agrees to a surcharge before it is charged.
        </p>
        {f.tiers.map((t, i) => (
          <fieldset className="rec-fieldset" key={i}>
            <legend>Tier {i + 1}</legend>
            <TextField
              id={`tier-${i}-label`}
              label="Name"
              maxLength={40}
              value={t.label}
              onChange={(label) => change(i, { label })}
            />
            <SelectField
              id={`tier-${i}-kind`}
              label="Kind"
              options={KINDS}
              value={t.kind}
              onChange={(kind) => change(i, { kind: kind === 'handling' ? 'handling' : 'matting' })}
            />
            <TextField
              id={`tier-${i}-surcharge`}
              label="Surcharge (£)"
              inputMode="decimal"
              value={t.surcharge}
              onChange={(surcharge) => change(i, { surcharge })}
            />
            <button
              type="button"
              className="link-button mgmt-danger"
              onClick={() =>
                set(
                  'tiers',
                  f.tiers.filter((_, j) => j !== i),
                )
              }
            >
              Remove tier {i + 1}
            </button>
          </fieldset>
        ))}
        {f.tiers.length < MAX_TIERS ? (
          <button
            type="button"
            className="link-button"
            onClick={() => set('tiers', [...f.tiers, { id: '', label: '', kind: 'matting', surcharge: '' }])}
          >
            Add a tier
          </button>
        ) : null}
        <Checkbox
          id="check-in-vaccinations"
          label="Health policy"
          hint="Grooming is not licensed in England, so this is the shop's own rule: the check-in card warns when a dog's vaccinations on its record have run out."
          optional
          checked={f.vaccinationsRequired}
          onChange={(v) => set('vaccinationsRequired', v)}
        >
          Vaccinations must be in date
        </Checkbox>
        <FormActions submit={submit} label="Save check-in settings" busyLabel="Saving…" />
      </form>
    </Card>
  );
}
