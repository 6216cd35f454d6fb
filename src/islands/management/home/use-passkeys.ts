import { useState } from 'react';
import { rememberPreviousUser, staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import {
  PasskeyOptionsResponseSchema,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  type PasskeyRegistration,
  type PasskeyView,
} from '../../../domain/staff.ts';
import { deviceLabel } from '../device-label.ts';
import { useStaffRoute } from '../records-ui.tsx';
import type { PasskeyProofCalls } from '../sign-in/passkey-proof.ts';
import { usePasskeyProof, usePasskeySupport } from '../sign-in/use-passkey-proof.ts';

/** A passkey made on this device for the member signed in (docs/decisions/057), named after it. */
const addPasskey: PasskeyProofCalls<unknown> = {
  ceremony: 'register',
  options: () => staffCall(apiRoutes.passkeyOptions, { schema: PasskeyOptionsResponseSchema }),
  finish: (challengeId, response) =>
    staffCall(apiRoutes.addPasskey, {
      // The browser's answer goes as it came: the server checks its shape and its signature.
      body: {
        challengeId,
        response: response as PasskeyRegistration['response'],
        name: deviceLabel(navigator.userAgent),
      },
      schema: PasskeyResponseSchema,
    }),
  cancelled: 'Adding the passkey was cancelled, or this device already has one for you.',
};

export type Said = { ok: boolean; text: string };

export interface PasskeyList {
  passkeys: PasskeyView[] | null;
  /** Why the list did not load, and the way to ask again. */
  failed: { error: string; retry(): void } | null;
  supported: boolean;
  adding: boolean;
  said: Said | null;
  add(): void;
  remove(passkey: PasskeyView): Promise<void>;
}

/** The member's own passkeys: the list, adding one on this device, removing one (a lost phone). */
export function usePasskeys(): PasskeyList {
  const list = useStaffRoute(apiRoutes.passkeys, { schema: PasskeysResponseSchema });
  const supported = usePasskeySupport();
  const adding = usePasskeyProof(addPasskey, 'We could not add that passkey. Please try again.');
  const [said, setSaid] = useState<Said | null>(null);

  const add = () => {
    setSaid(null);
    adding.prove(() => {
      // The login page on this device offers the passkey first from now on.
      rememberPreviousUser({ passkey: true });
      setSaid({ ok: true, text: 'Passkey added. Next time, sign in on this device with it: no code needed.' });
      list.reload();
    });
  };
  const remove = async (passkey: PasskeyView) => {
    adding.clear();
    const removed = await staffCall(apiRoutes.removePasskey, { params: { id: passkey._id } });
    setSaid(removed.error ? { ok: false, text: removed.error } : { ok: true, text: 'Passkey removed.' });
    list.reload();
  };

  return {
    passkeys: list.data?.passkeys ?? null,
    failed: list.error ? { error: list.error, retry: list.reload } : null,
    supported,
    adding: adding.busy,
    said: adding.problem ? { ok: false, text: adding.problem.text } : said,
    add,
    remove,
  };
}
