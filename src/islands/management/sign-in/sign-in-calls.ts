import { callApi } from '../../../client/api.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { PhoneCodeResponseSchema } from '../../../domain/phone-codes.ts';
import {
  PasskeyOptionsResponseSchema,
  StaffSignInResponseSchema,
  type StaffSignInResponse,
} from '../../../domain/staff.ts';
import type { PasskeyProofCalls } from './passkey-proof.ts';
import type { CodeProofCalls } from './use-code-proof.ts';

/**
 * The sign-in doors (docs/decisions/053, 057): called before there is a session, so through
 * `callApi`, not `staffCall` (a refusal here is an answer to show, not a session that ended).
 */
export const signInByCode: CodeProofCalls<string, StaffSignInResponse> = {
  send: (phone) => callApi(apiRoutes.staffSignInCodes, { body: { phone }, schema: PhoneCodeResponseSchema }),
  check: ({ to: phone, requestId }, code) =>
    callApi(apiRoutes.staffSignInByCode, {
      body: { phone, requestId, code },
      schema: StaffSignInResponseSchema,
    }),
};

export const signInByPasskey: PasskeyProofCalls<StaffSignInResponse> = {
  ceremony: 'authenticate',
  options: () => callApi(apiRoutes.staffSignInPasskeyOptions, { schema: PasskeyOptionsResponseSchema }),
  finish: (challengeId, response) =>
    callApi(apiRoutes.staffSignInByPasskey, { body: { challengeId, response }, schema: StaffSignInResponseSchema }),
  cancelled:
    'Signing in with a passkey was cancelled or did not work on this device. Try again, or get a code by text.',
};
