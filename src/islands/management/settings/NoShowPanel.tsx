import { type SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { SettingsSavedSchema, type ShopSettings } from '../../../domain/shop-settings.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { Checkbox, RadioGroup } from '../../forms/Choices.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { Card } from '../records-ui.tsx';
import type { Acting } from '../records-page.tsx';
import { useFields } from '../use-fields.ts';
import { ChargeFields } from './ChargeFields.tsx';
import { noShowFormOf, noShowRulesOf, type NoShowForm } from './no-show-form.ts';
import { changedRules } from './rules-form.ts';

const NEW_KINDS = [
  { value: 'none', label: "The shop's deposit" },
  { value: 'fixed', label: 'A fixed amount' },
  { value: 'percent', label: 'A percentage' },
];

/**
 * Missed appointments (decision 081): what a no-show and a late cancellation cost, when a customer
 * pays in full when booking, a new customer's deposit and the saved card. Customers see these rules
 * in plain words before they book.
 */
export function NoShowPanel({ shop, onDone }: { shop: ShopSettings } & Pick<Acting, 'onDone'>) {
  const { values: f, set, replace } = useFields<NoShowForm>(() => noShowFormOf(shop.settings));
  const submit = useSubmit('We could not save the rules for missed appointments');
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = noShowRulesOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    const change = changedRules(made.settings as never, shop.settings);
    if (Object.keys(change).length === 0) return submit.fail('Nothing has changed yet');
    void submit.run(
      () => staffCall(apiRoutes.saveSettings, { body: change, schema: SettingsSavedSchema }),
      (saved) => {
        replace(noShowFormOf(saved.settings));
        onDone('Rules for missed appointments saved. New bookings show them from now on.');
      },
    );
  };
  return (
    <Card id="no-show-title" title="Missed appointments">
      <form className="rec-form" onSubmit={save} noValidate aria-labelledby="no-show-title">
        <p className="mgmt-meta">
          Customers read these rules before they book. Keep them fair: a charge no larger than what a missed slot costs
          the shop.
        </p>
        <ChargeFields
          id="no-show-fee"
          legend="No-show fee"
          hint="Charged by staff from the schedule, less any deposit paid."
          value={f.noShow}
          onChange={(change) => set('noShow', { ...f.noShow, ...change })}
        />
        <ChargeFields
          id="late-fee"
          legend="Late cancellation fee"
          hint="Nothing means a late cancellation keeps the deposit only."
          value={f.late}
          onChange={(change) => set('late', { ...f.late, ...change })}
        />
        <TextField
          id="no-show-strikes"
          label="Pay in full after (missed appointments in 12 months)"
          hint="Leave empty to never ask for the full price."
          inputMode="numeric"
          value={f.strikes}
          onChange={(strikes) => set('strikes', strikes)}
        />
        <fieldset className="rec-fieldset">
          <legend>New customers&apos; deposit</legend>
          <RadioGroup
            id="new-deposit-kind"
            label={<span className="visually-hidden">New customers&apos; deposit</span>}
            variant="chips"
            options={NEW_KINDS}
            value={f.newKind}
            onChange={(k) => set('newKind', k as NoShowForm['newKind'])}
          />
          {f.newKind === 'fixed' ? (
            <TextField
              id="new-deposit-pounds"
              label="New customers' deposit (£)"
              inputMode="decimal"
              value={f.newPounds}
              onChange={(v) => set('newPounds', v)}
            />
          ) : null}
          {f.newKind === 'percent' ? (
            <TextField
              id="new-deposit-percent"
              label="New customers' deposit (% of the price)"
              inputMode="decimal"
              value={f.newPercent}
              onChange={(v) => set('newPercent', v)}
            />
          ) : null}
        </fieldset>
        <Checkbox id="no-show-card" checked={f.cardOnFile} onChange={(on) => set('cardOnFile', on)}>
          Save the card paid with, with the customer&apos;s consent, to charge a no-show fee
        </Checkbox>
        <FormActions submit={submit} label="Save missed appointment rules" busyLabel="Saving…" />
      </form>
    </Card>
  );
}
