import { useId, useState, type FormEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import { healthPolicyWarning, type CheckInSettings } from '../../../domain/check-in.ts';
import { formatPence } from '../../../domain/money.ts';
import { StaffBookingResponseSchema } from '../../../domain/schedule.ts';
import { ShopSettingsSchema } from '../../../domain/shop-settings.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { RadioGroup } from '../../forms/Choices.tsx';
import { FileField } from '../../forms/FileField.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextArea } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { LoadFailed, useStaffRoute } from '../records-ui.tsx';
import { dayOf } from './common.ts';
import { usePhotoToSend } from './use-photo-to-send.ts';
import { ConsentStep } from './ConsentStep.tsx';
import type { MarkProps } from './use-mark.ts';

const NO_TIER = 'none';

/**
 * "Check in" (docs/decisions/091): the dog's card at the counter, tablet first. The health policy's
 * warning, today's coat and skin, a tier chip, a photo from the back camera and any change to the
 * instructions; when the tier carries a surcharge, the owner types their name to agree to it. The
 * surcharge and the final price shown are the settings' and the server's; nothing here is a price typed.
 */
export default function CheckInCard(props: MarkProps & { now: Date; onBack: () => void }) {
  const shop = useStaffRoute(apiRoutes.settings, { schema: ShopSettingsSchema });
  if (shop.error) return <LoadFailed what="the check-in tiers" error={shop.error} onRetry={shop.reload} />;
  if (!shop.data) return <p role="status">Opening the dog’s card…</p>;
  return <CheckInForm {...props} settings={shop.data.settings.checkIn} />;
}

function CheckInForm({
  booking: b,
  now,
  onBack,
  onClose,
  onMarked,
  settings,
}: MarkProps & { now: Date; onBack: () => void; settings: CheckInSettings }) {
  const id = useId();
  const submit = useSubmit('The check-in could not be saved.');
  const [condition, setCondition] = useState('');
  const [tierId, setTierId] = useState(NO_TIER);
  const [instructions, setInstructions] = useState('');
  const [owner, setOwner] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const tier = settings.tiers.find((t) => t.id === tierId) ?? null;
  const surcharge = tier?.surchargePence ?? 0;
  const warning = healthPolicyWarning(b.dog.vaccinations ?? [], dayOf(now), settings.vaccinationsRequired);

  const { photo, choose: choosePhoto, upload } = usePhotoToSend(b.id);

  const checkIn = (e: FormEvent) => {
    e.preventDefault();
    const name = owner.trim();
    void submit.run(
      async () => {
        // The photo first: a failed upload is the answer, and nothing is checked in without it.
        const sent = await upload();
        if (sent && !sent.data) return { ...sent, data: null };
        const photoKey = sent?.data ?? undefined;
        return staffCall(apiRoutes.checkIn, {
          params: { id: b.id },
          body: {
            condition,
            tierId: tier?.id ?? null,
            instructions,
            ...(photoKey ? { photoKey } : {}),
            ...(surcharge > 0 ? consentOf(name, signature) : {}),
          },
          schema: StaffBookingResponseSchema,
        });
      },
      ({ booking }) => {
        onClose();
        const pending = surcharge > 0 && !name && !signature ? ' The surcharge waits for the owner’s agreement.' : '';
        void onMarked(
          { booking, previous: { attendance: b.attendance, balance: null } },
          `${b.dog.name} checked in.${pending}`,
        );
      },
    );
  };

  return (
    <form className="sched-form checkin" onSubmit={checkIn} noValidate>
      <section className="checkin-health" aria-labelledby={`${id}-health`}>
        <h3 id={`${id}-health`}>Health</h3>
        {warning ? (
          <p className="checkin-warning" role="note">
            {warning}
          </p>
        ) : null}
        {b.dog.vaccinations?.length ? (
          <p className="mgmt-meta">
            {b.dog.vaccinations.map((v) => `${v.name} until ${v.expiresOn.split('-').reverse().join('/')}`).join(' · ')}
          </p>
        ) : null}
        {b.dog.notes ? <p className="mgmt-meta">Owner’s notes: {b.dog.notes}</p> : null}
      </section>
      <TextArea
        id={`${id}-condition`}
        label="Coat and skin today"
        optional
        maxLength={300}
        value={condition}
        onChange={setCondition}
      />
      <RadioGroup
        id={`${id}-tier`}
        label="Matting or handling"
        variant="chips"
        options={[
          { value: NO_TIER, label: 'None' },
          ...settings.tiers.map((t) => ({ value: t.id, label: `${t.label} +${formatPence(t.surchargePence)}` })),
        ]}
        value={tierId}
        onChange={setTierId}
      />
      <FileField
        id={`${id}-photo`}
        label="Photo"
        hint="Opens the tablet’s camera. Kept with the visit."
        accept="image/*"
        capture="environment"
        optional
        onChange={choosePhoto}
      />
      {photo ? (
        <img
          className="checkin-photo"
          src={`data:${photo.type};base64,${photo.base64}`}
          alt={`The photo of ${b.dog.name} just taken`}
        />
      ) : null}
      <TextArea
        id={`${id}-instructions`}
        label="Changes to the owner’s instructions"
        optional
        maxLength={500}
        value={instructions}
        onChange={setInstructions}
      />
      {tier && surcharge > 0 ? (
        <ConsentStep
          id={id}
          tier={tier}
          quotePence={b.totalFromPence}
          owner={owner}
          onOwner={setOwner}
          onSignature={setSignature}
        />
      ) : null}
      <FormActions submit={submit} label="Check in" busyLabel="Checking in…" onCancel={onBack} cancelLabel="Back" />
    </form>
  );
}

/** A drawn signature (with the name typed beside it, if any) or the typed name alone; neither: none. */
function consentOf(name: string, signature: string | null) {
  if (signature) return { consent: { method: 'drawn' as const, signature, ...(name ? { name } : {}) } };
  return name ? { consent: { method: 'typed' as const, name } } : {};
}
