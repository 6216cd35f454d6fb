import type { Config } from '@netlify/functions';
import { EmptyRequestSchema, PasskeyRegistrationSchema, RecordIdSchema } from '../../src/domain/staff.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
} from '../../src/server/passkeys.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/**
 * A signed-in staff member's own passkeys (docs/decisions/057):
 * GET /management/passkeys lists them; POST /management/passkeys/options gives a challenge for
 * `startRegistration`; POST /management/passkeys adds the new one; POST /management/passkeys/{id}/remove.
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff) => {
  const parts = new URL(req.url).pathname.replace(/\/+$/, '').split('/').slice(4); // after /v1.0.1/management/passkeys
  if (parts.length === 0) {
    if (req.method === 'POST') {
      const body = await parseJsonBody(req, PasskeyRegistrationSchema);
      return json({ passkey: await registerPasskey(staff, body, relyingPartyOf(req)) }, { status: 201 });
    }
    return json({ passkeys: await listPasskeys(staff) });
  }
  if (parts.length === 1 && parts[0] === 'options' && req.method === 'POST') {
    await parseJsonBody(req, EmptyRequestSchema);
    return json(await registrationOptions(staff, relyingPartyOf(req)));
  }
  if (parts.length === 2 && parts[1] === 'remove' && req.method === 'POST') {
    const id = RecordIdSchema.safeParse(parts[0]);
    if (!id.success) throw new HttpError(404, 'We could not find that passkey.', { code: 'not_found' });
    await parseJsonBody(req, EmptyRequestSchema);
    await removePasskey(staff, id.data);
    return json({ ok: true });
  }
  throw new HttpError(404, 'Not found');
});

export const config: Config = {
  path: [
    '/v1.0.1/management/passkeys',
    '/v1.0.1/management/passkeys/options',
    '/v1.0.1/management/passkeys/:id/remove',
  ],
};
