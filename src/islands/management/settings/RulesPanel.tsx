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
import { DepositFields } from './DepositFields.tsx';
import { OpeningHoursFields } from './OpeningHoursFields.tsx';
import { PartyFields } from './PartyFields.tsx';
import { changedRules, rulesFormOf, rulesOf } from './rules-form.ts';

/** The booking rules: opening hours, tables, notice, how far ahead, free cancellation, sizes, several dogs and the deposit. */
export function RulesPanel({ shop, onDone }: { shop: ShopSettings } & Pick<Acting, 'onDone'>) {
  const { values: f, set, field, replace } = useFields(() => rulesFormOf(shop.settings));
  const submit = useSubmit('We could not save the rules');
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const made = rulesOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    const change = changedRules(made.settings, shop.settings);
    if (Object.keys(change).length === 0) return submit.fail('Nothing has changed yet');
    void submit.run(
      () => staffCall(apiRoutes.saveSettings, { body: change, schema: SettingsSavedSchema }),
      (saved) => {
        replace(rulesFormOf(saved.settings));
        const rebuilding = saved.rebuild === 'scheduled' || saved.rebuild === 'already scheduled';
        onDone(
          `Booking rules saved.${rebuilding ? ' The pages that show the opening hours are being rebuilt (a few minutes).' : ''}`,
        );
      },
    );
  };
  return (
    <Card id="rules-title" title="Booking rules">
      <form className="rec-form" onSubmit={save} noValidate aria-labelledby="rules-title">
        <OpeningHoursFields
          hours={f.hours}
          onChange={(day, change) => set('hours', { ...f.hours, [day]: { ...f.hours[day], ...change } })}
          bankHolidays={f.bankHolidays}
          onBankHolidays={(closed) => set('bankHolidays', closed)}
        />
        <div className="rec-pair">
          <TextField id="rules-capacity" label="Grooming tables" {...wholeNumber(1, 50)} {...field('capacity')} />
          <TextField id="rules-notice" label="Notice (hours)" inputMode="decimal" {...field('noticeHours')} />
          <TextField
            id="rules-horizon"
            label="Booking ahead (weeks)"
            {...wholeNumber(1, 104)}
            {...field('horizonWeeks')}
          />
          <TextField
            id="rules-cancellation"
            label="Free cancellation until (hours before)"
            {...wholeNumber(0, 336)}
            {...field('cancellationHours')}
          />
        </div>
        <fieldset className="rec-fieldset">
          <legend>Dog sizes</legend>
          <p className="field-hint">
            A dog's weight decides its size, and a service priced by size charges that size's price. Heavier than medium
            is large.
          </p>
          <div className="rec-pair">
            <TextField
              id="rules-small-kg"
              label="Small dogs up to (kg)"
              inputMode="decimal"
              {...field('smallUpToKg')}
            />
            <TextField
              id="rules-medium-kg"
              label="Medium dogs up to (kg)"
              inputMode="decimal"
              {...field('mediumUpToKg')}
            />
          </div>
        </fieldset>
        <PartyFields
          maxDogs={f.maxDogs}
          onMaxDogs={(v) => set('maxDogs', v)}
          placement={f.partyPlacement}
          onPlacement={(p) => set('partyPlacement', p)}
        />
        <DepositFields
          kind={f.depositKind}
          onKind={(k) => set('depositKind', k)}
          pounds={f.depositPounds}
          onPounds={(v) => set('depositPounds', v)}
          percent={f.depositPercent}
          onPercent={(v) => set('depositPercent', v)}
          onlinePayments={shop.onlinePayments}
        />
        <FormActions submit={submit} label="Save booking rules" busyLabel="Saving…" />
      </form>
    </Card>
  );
}
