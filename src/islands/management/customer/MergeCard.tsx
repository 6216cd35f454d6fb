import { useReducer, type SyntheticEvent } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  MergeCodeSentSchema,
  MergedSchema,
  type CustomerRecord,
  type SameContact,
} from '../../../domain/customer-records.ts';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { formatPhone } from '../format.ts';
import { Card } from '../records-ui.tsx';
import { mergeStep, NO_MERGE } from './merge-steps.ts';
import { ProveToMerge } from './ProveToMerge.tsx';
import type { Saved } from './saved.ts';

/** "The same person?": records sharing this number or e-mail address, each merged here on a yes or a code. */
export function MergeCard({
  self,
  others,
  onMerged,
}: {
  self: CustomerRecord;
  others: SameContact[];
  onMerged: Saved;
}) {
  const [step, dispatch] = useReducer(mergeStep, NO_MERGE);
  const merging = useSubmit('We could not merge those records');
  const sending = useSubmit('We could not send the code');
  const close = () => {
    merging.clear();
    sending.clear();
    dispatch({ type: 'close' });
  };
  const start = (o: SameContact) => {
    close();
    dispatch({
      type: 'start',
      from: o._id,
      alike: o.verified === self.verified,
      phone: self.verified ? self.phone : o.phone,
    });
  };
  const merge = async (from: string, phoneProof?: { requestId: string; code: string }) => {
    const asked = { proof: false };
    const merged = await merging.run(
      async () => {
        const answer = await staffCall(apiRoutes.mergeCustomers, {
          params: { id: self._id },
          body: phoneProof ? { from, phoneProof } : { from },
          schema: MergedSchema,
        });
        if (answer.code === 'needs_proof') {
          asked.proof = true;
          const phone = (answer.body as { phone?: string | null } | null)?.phone ?? null;
          dispatch({ type: 'needs proof', from, phone });
        }
        return answer;
      },
      (m) => {
        dispatch({ type: 'close' });
        const signedOut = m.devicesSignedOut;
        onMerged(
          m.customer,
          `Merged: ${m.visitsMoved} bookings and ${m.dogsMerged} dogs moved onto this record` +
            (signedOut ? `; ${signedOut} ${signedOut === 1 ? 'device' : 'devices'} signed out.` : '.'),
        );
      },
    );
    // Asked for a code after a plain yes: the proof step says why, no error to show.
    if (!merged && asked.proof && !phoneProof) merging.clear();
  };
  const sendCode = (from: string) =>
    void sending.run(
      () => staffCall(apiRoutes.mergeCode, { params: { id: self._id }, body: { from }, schema: MergeCodeSentSchema }),
      (sent) => {
        merging.clear();
        dispatch({ type: 'code sent', phone: sent.phone, requestId: sent.requestId });
      },
    );
  const confirm = (from: string) => (event: SyntheticEvent) => {
    event.preventDefault();
    void merge(from);
  };

  return (
    <Card id="same-title" title="The same person?">
      <p>
        These records share this number or e-mail address. Merging moves their dogs, bookings and messages here, removes
        the other record and signs its devices out.
      </p>
      <ul className="mgmt-list" aria-label="Records with the same contact details">
        {others.map((o) => (
          <li key={o._id}>
            <span className="mgmt-who">
              <a href={`/management/customer/${encodeURIComponent(o._id)}`}>
                <strong>{o.name ?? 'No name given'}</strong>
              </a>
              <span className="mgmt-meta">
                {[formatPhone(o.phone), o.email].filter(Boolean).join(' · ')} · {o.visits}{' '}
                {o.visits === 1 ? 'booking' : 'bookings'}
                {o.dogs.length ? ` · ${o.dogs.join(', ')}` : ''} · {o.verified ? 'number proved' : 'number not proved'}
              </span>
            </span>
            {step.at === 'prove' && step.from === o._id ? (
              <ProveToMerge
                step={step}
                submit={{ busy: merging.busy || sending.busy, problem: merging.problem ?? sending.problem }}
                onType={(code) => {
                  merging.clear();
                  dispatch({ type: 'typed', code });
                }}
                onSend={() => sendCode(o._id)}
                onMerge={() => void merge(o._id, { requestId: step.requestId!, code: step.code })}
                onCancel={close}
              />
            ) : step.at === 'confirm' && step.from === o._id ? (
              <form className="mgmt-confirm" onSubmit={confirm(o._id)}>
                <span className="mgmt-meta">
                  {self.verified
                    ? 'Their devices will be signed out.'
                    : 'Neither number was proved, so every device of both records will be signed out.'}
                </span>
                <FormActions
                  submit={merging}
                  label="Yes, merge into this record"
                  onCancel={close}
                  cancelLabel="Keep both"
                />
              </form>
            ) : (
              <button
                type="button"
                className="ibutton ibutton--ghost"
                aria-label={`Merge ${o.name ?? 'that record'} into this record`}
                onClick={() => start(o)}
              >
                Merge…
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
