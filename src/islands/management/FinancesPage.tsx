import { useEffect, useState, type SyntheticEvent } from 'react';
import { staffApi } from '../../client/staff-session.ts';
import {
  csvFileName,
  DepositsResponseSchema,
  FinancesResponseSchema,
  periodStartOf,
  RefundResponseSchema,
  type Deposit,
  type Figures,
  type Period,
} from '../../domain/finances.ts';
import { addDays, todayIn } from '../../domain/london-time.ts';
import { formatPence, penceFromPounds, poundsFromPence } from '../../domain/money.ts';
import { formatDate, formatWhen, SHOP_TIME_ZONE } from './format.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { Card, LoadFailed, Outcome, saveFile, useStaffGet } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/finances: takings, deposits with their refunds, the balance taken in the shop, offers, and the accountant's CSV. */
export default function FinancesPage() {
  const session = useStaffSession();
  if (!session) return null;
  return <Finances />;
}

type Range = { from: string; to: string };
const PRESETS = ['This week', 'This month', 'Last month', 'This year'] as const;
type Preset = (typeof PRESETS)[number];

function presetRange(preset: Preset, today: string): Range {
  switch (preset) {
    case 'This week':
      return { from: periodStartOf(today, 'week'), to: addDays(periodStartOf(today, 'week'), 6) };
    case 'This month':
      return {
        from: periodStartOf(today, 'month'),
        to: addDays(periodStartOf(addDays(periodStartOf(today, 'month'), 32), 'month'), -1),
      };
    case 'Last month': {
      const start = periodStartOf(addDays(periodStartOf(today, 'month'), -1), 'month');
      return { from: start, to: addDays(periodStartOf(today, 'month'), -1) };
    }
    case 'This year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

const BY_WORDS: Record<Period, string> = { day: 'By day', week: 'By week', month: 'By month' };

function Finances() {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  const [preset, setPreset] = useState<Preset | 'Custom'>('This month');
  const [range, setRange] = useState<Range>(() => presetRange('This month', today));
  const [by, setBy] = useState<Period>('day');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const takings = useStaffGet(`/management/finances?${query}&by=${by}`, FinancesResponseSchema);

  const choose = (p: Preset) => {
    setPreset(p);
    setRange(presetRange(p, today));
    if (p === 'This year') setBy('month');
  };
  const exportCsv = async () => {
    setExporting(true);
    const r = await staffApi<string>(`/management/finances/takings.csv?${query}`, { timeoutMs: 30_000 });
    setExporting(false);
    if (typeof r.data !== 'string')
      return setSaid({ ok: false, text: `We could not make the CSV: ${r.error ?? 'something went wrong'}` });
    saveFile(csvFileName(range.from, range.to), r.data, 'text/csv');
    setSaid({
      ok: true,
      text: `The CSV for ${formatDate(range.from)} to ${formatDate(range.to)} is in your downloads.`,
    });
  };

  const t = takings.data?.totals;
  return (
    <ManagementPage title="Finances">
      <div className="rec-toolbar">
        <div className="rec-segments rec-segments--four" role="group" aria-label="Period">
          {PRESETS.map((p) => (
            <button key={p} type="button" className="rec-segment" aria-pressed={preset === p} onClick={() => choose(p)}>
              {p}
            </button>
          ))}
        </div>
        <div className="rec-range">
          <label className="rec-field">
            <span>From</span>
            <input
              className="input"
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => {
                if (e.target.value) {
                  setPreset('Custom');
                  setRange({ ...range, from: e.target.value });
                }
              }}
            />
          </label>
          <label className="rec-field">
            <span>To</span>
            <input
              className="input"
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => {
                if (e.target.value) {
                  setPreset('Custom');
                  setRange({ ...range, to: e.target.value });
                }
              }}
            />
          </label>
        </div>
        <button
          type="button"
          className="ibutton ibutton--brand rec-export"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? 'Making the CSV…' : 'Export CSV for the accountant'}
        </button>
      </div>
      <Outcome outcome={said} />
      {takings.error ? <LoadFailed what="the takings" error={takings.error} onRetry={takings.reload} /> : null}
      {t ? <Totals figures={t} /> : takings.error ? null : <p role="status">Loading the takings…</p>}
      {takings.data ? (
        <Card
          id="periods-title"
          title="Takings"
          actions={
            <div className="rec-segments" role="group" aria-label="Group the takings">
              {(['day', 'week', 'month'] as const).map((p) => (
                <button key={p} type="button" className="rec-segment" aria-pressed={by === p} onClick={() => setBy(p)}>
                  {BY_WORDS[p]}
                </button>
              ))}
            </div>
          }
        >
          <div className="rec-table-wrap" tabIndex={0} role="region" aria-label="Takings by period">
            <table className="rec-table">
              <thead>
                <tr>
                  <th scope="col">{by === 'day' ? 'Day' : by === 'week' ? 'Week' : 'Month'}</th>
                  <th scope="col">Deposits</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Card</th>
                  <th scope="col">Cash</th>
                  <th scope="col">Takings</th>
                  <th scope="col">Visits</th>
                </tr>
              </thead>
              <tbody>
                {takings.data.periods.map((p) => (
                  <tr key={p.start} className={p.takingsPence === 0 && p.appointments === 0 ? 'rec-quiet' : undefined}>
                    <th scope="row">{p.label}</th>
                    <td>{formatPence(p.depositsPence)}</td>
                    <td>{p.refundsPence ? `−${formatPence(p.refundsPence)}` : formatPence(0)}</td>
                    <td>{formatPence(p.cardPence)}</td>
                    <td>{formatPence(p.cashPence)}</td>
                    <td>
                      <strong>{formatPence(p.takingsPence)}</strong>
                    </td>
                    <td>
                      {p.appointments}
                      {p.noShows ? ` (${p.noShows} no-show${p.noShows === 1 ? '' : 's'})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
      <Deposits range={range} onlinePayments={takings.data?.onlinePayments ?? false} onRefunded={takings.reload} />
    </ManagementPage>
  );
}

function Totals({ figures: t }: { figures: Figures }) {
  return (
    <dl className="rec-figures" aria-label="Totals for the period">
      <div className="rec-figure rec-figure--main">
        <dt>Takings</dt>
        <dd>
          <span className="rec-figure-value">{formatPence(t.takingsPence)}</span>
          <span className="rec-figure-note">money in less refunds</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Deposits taken</dt>
        <dd>
          <span className="rec-figure-value">{formatPence(t.depositsPence)}</span>
          <span className="rec-figure-note">online, by Stripe</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Deposits refunded</dt>
        <dd>
          <span className="rec-figure-value">{formatPence(t.refundsPence)}</span>
          <span className="rec-figure-note">given back</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Card in the shop</dt>
        <dd>
          <span className="rec-figure-value">{formatPence(t.cardPence)}</span>
          <span className="rec-figure-note">balance on the day</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Cash</dt>
        <dd>
          <span className="rec-figure-value">{formatPence(t.cashPence)}</span>
          <span className="rec-figure-note">balance on the day</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Offer used</dt>
        <dd>
          <span className="rec-figure-value">{t.promotions.count}×</span>
          <span className="rec-figure-note">{formatPence(t.promotions.pence)} off in all</span>
        </dd>
      </div>
      <div className="rec-figure">
        <dt>Appointments</dt>
        <dd>
          <span className="rec-figure-value">{t.appointments}</span>
          <span className="rec-figure-note">
            {t.noShows} no-show{t.noShows === 1 ? '' : 's'}
          </span>
        </dd>
      </div>
    </dl>
  );
}

function Deposits({
  range,
  onlinePayments,
  onRefunded,
}: {
  range: Range;
  onlinePayments: boolean;
  onRefunded(): void;
}) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  const first = useStaffGet(`/management/finances/deposits?${query}`, DepositsResponseSchema);
  const [extra, setExtra] = useState<{ deposits: Deposit[]; nextCursor: string | null } | null>(null);
  const [moreState, setMoreState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [refunding, setRefunding] = useState<string | null>(null);
  useEffect(() => setExtra(null), [first.data]);

  const deposits = [...(first.data?.deposits ?? []), ...(extra?.deposits ?? [])];
  const cursor = extra ? extra.nextCursor : (first.data?.nextCursor ?? null);
  const more = async () => {
    if (!cursor) return;
    setMoreState({ loading: true, error: null });
    const r = await staffApi(`/management/finances/deposits?${query}&cursor=${encodeURIComponent(cursor)}`, {
      schema: DepositsResponseSchema,
    });
    if (!r.data) return setMoreState({ loading: false, error: r.error ?? 'Something went wrong' });
    setExtra((e) => ({ deposits: [...(e?.deposits ?? []), ...r.data!.deposits], nextCursor: r.data!.nextCursor }));
    setMoreState({ loading: false, error: null });
  };
  const refunded = (text: string) => {
    setRefunding(null);
    setSaid({ ok: true, text });
    first.reload();
    onRefunded();
  };

  return (
    <Card id="deposits-title" title="Deposits">
      <p>
        Deposits paid in this period.{' '}
        {onlinePayments
          ? 'A refund goes back to the card through Stripe, usually within 5 to 10 days.'
          : 'Online payments are not set up here: a refund is recorded as owed.'}
      </p>
      <Outcome outcome={said} />
      {first.error ? <LoadFailed what="the deposits" error={first.error} onRetry={first.reload} /> : null}
      {first.data && deposits.length === 0 ? (
        <p className="mgmt-placeholder">No deposits were paid in this period.</p>
      ) : null}
      {deposits.length ? (
        <ul className="mgmt-list rec-deposits" aria-label="Deposits">
          {deposits.map((d) => (
            <li key={d.bookingId}>
              <span className="mgmt-who">
                <strong>
                  {formatPence(d.paidPence)} · {d.customerName}
                </strong>
                <span className="mgmt-meta">
                  {d.service}, {formatWhen(d.start)}
                  {d.status === 'cancelled' ? ' (cancelled)' : ''}
                </span>
                <span className="mgmt-meta">
                  Paid {formatWhen(d.paidAt)}
                  {d.refundedPence ? ` · refunded ${formatPence(d.refundedPence)}` : ''}
                  {d.refundDuePence ? ` · ${formatPence(d.refundDuePence)} refund on its way` : ''}
                  {d.refundReason ? ` (${d.refundReason})` : ''}
                </span>
              </span>
              {d.refundablePence > 0 && refunding !== d.bookingId ? (
                <button
                  type="button"
                  className="ibutton ibutton--ghost"
                  aria-label={`Refund ${d.customerName}'s deposit of ${formatPence(d.paidPence)}`}
                  onClick={() => {
                    setSaid(null);
                    setRefunding(d.bookingId);
                  }}
                >
                  Refund…
                </button>
              ) : d.refundablePence === 0 ? (
                <span className={`rec-pill rec-pill--${d.refundedPence ? 'completed' : 'confirmed'}`}>
                  {d.refundedPence ? 'Refunded' : d.refundDuePence ? 'Refund due' : 'Kept'}
                </span>
              ) : null}
              {refunding === d.bookingId ? (
                <RefundForm deposit={d} onDone={refunded} onCancel={() => setRefunding(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {moreState.error ? <LoadFailed what="more deposits" error={moreState.error} onRetry={() => void more()} /> : null}
      {cursor ? (
        <button
          type="button"
          className="ibutton ibutton--ghost"
          disabled={moreState.loading}
          onClick={() => void more()}
        >
          {moreState.loading ? 'Loading…' : 'Show more deposits'}
        </button>
      ) : null}
    </Card>
  );
}

function RefundForm({
  deposit: d,
  onDone,
  onCancel,
}: {
  deposit: Deposit;
  onDone(text: string): void;
  onCancel(): void;
}) {
  const [amount, setAmount] = useState(poundsFromPence(d.refundablePence));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const pence = penceFromPounds(amount);
    if (pence === null || pence < 1 || pence > d.refundablePence)
      return setProblem(`Please give an amount from £0.01 to ${formatPence(d.refundablePence)}`);
    if (!reason.trim()) return setProblem('Please say why, for the accounts');
    setBusy(true);
    setProblem(null);
    const r = await staffApi('/management/finances/refunds', {
      method: 'POST',
      body: {
        bookingId: d.bookingId,
        reason: reason.trim(),
        ...(pence === d.refundablePence ? {} : { amountPence: pence }),
      },
      schema: RefundResponseSchema,
      timeoutMs: 30_000,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'The refund did not go through');
    onDone(r.data.message);
  };
  return (
    <form
      className="rec-form rec-refund"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Refund ${d.customerName}'s deposit`}
    >
      <div className="rec-pair">
        <label className="rec-field">
          <span>Amount to refund (£)</span>
          <input className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label className="rec-field">
          <span>Reason</span>
          <input
            className="input"
            maxLength={180}
            value={reason}
            placeholder="e.g. Cancelled by us, illness"
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      </div>
      {problem ? (
        <p className="field-message" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="rec-buttons">
        <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
          {busy ? 'Refunding…' : 'Refund now'}
        </button>
        <button type="button" className="ibutton ibutton--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
