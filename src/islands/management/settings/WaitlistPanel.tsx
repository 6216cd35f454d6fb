import { type SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { SettingsSavedSchema, type ShopSettings } from '../../../domain/shop-settings.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { Card } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { useFields } from '../use-fields.ts';
import { wholeNumber } from '../whole-number.ts';
import { AT_ONCE, heldFor, MINUTES, waitlistFormOf, waitlistOf, type WaitlistForm } from './waitlist-form.ts';

/**
 * The waitlist's offers (decisions 084, 088): how many owners a freed time is offered to at once, how
 * long each offer is held, and the hours texts may go out in. Saved through the settings' one save.
 */
export function WaitlistPanel({ shop, onDone }: { shop: ShopSettings } & Pick<Acting, 'onDone'>) {
  const { values: f, set, replace } = useFields<WaitlistForm>(() => waitlistFormOf(shop.settings.waitlist));
  const submit = useSubmit('We could not save the waitlist settings');
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = waitlistOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    if (JSON.stringify(made.waitlist) === JSON.stringify(shop.settings.waitlist))
      return submit.fail('Nothing has changed yet');
    void submit.run(
      () => staffCall(apiRoutes.saveSettings, { body: { waitlist: made.waitlist }, schema: SettingsSavedSchema }),
      (saved) => {
        replace(waitlistFormOf(saved.settings.waitlist));
        onDone('Waitlist settings saved. The next time that frees is offered this way.');
      },
    );
  };
  return (
    <Card id="waitlist-title" title="Waitlist">
      <form className="rec-form" onSubmit={save} noValidate aria-labelledby="waitlist-title">
        <p className="mgmt-meta">
          When a booked time frees, owners waiting for that day are texted an offer. First asked, first offered: the
          list goes in the order owners asked, and the first to book the time gets it.
        </p>
        <TextField
          id="waitlist-at-once"
          label="Owners offered a freed time at once"
          hint={`${AT_ONCE.min} to ${AT_ONCE.max}. The first asked are offered it first; the others stay on the list.`}
          {...wholeNumber(AT_ONCE.min, AT_ONCE.max)}
          inputMode="numeric"
          value={f.offersAtOnce}
          onChange={(v) => set('offersAtOnce', v)}
        />
        <TextField
          id="waitlist-minutes"
          label="How long an offer is held (minutes)"
          hint={`${heldFor(f)}${MINUTES.min} minutes to a day, and never past the shop's notice before the visit. Unanswered, the time goes to the next owner.`}
          {...wholeNumber(MINUTES.min, MINUTES.max)}
          inputMode="numeric"
          value={f.offerMinutes}
          onChange={(v) => set('offerMinutes', v)}
        />
        <fieldset className="rec-fieldset">
          <legend>Waking hours</legend>
          <p className="mgmt-meta">
            Never a text at night: a time that frees then is offered in the morning, if still free.
          </p>
          <div className="rec-hours">
            <TextField
              id="waitlist-from"
              type="time"
              label="Offers sent from"
              value={f.from}
              onChange={(v) => set('from', v)}
            />
            <TextField
              id="waitlist-to"
              type="time"
              label="Offers sent until"
              value={f.to}
              onChange={(v) => set('to', v)}
            />
          </div>
        </fieldset>
        <FormActions submit={submit} label="Save waitlist settings" busyLabel="Saving…" />
      </form>
    </Card>
  );
}
