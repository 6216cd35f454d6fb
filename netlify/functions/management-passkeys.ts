import type { Config } from '@netlify/functions';
import { EmptyRequestSchema, PasskeyRegistrationSchema, RecordIdSchema } from '../../src/domain/staff-for-server.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
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
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['passkeys', 'addPasskey', 'passkeyOptions', 'removePasskey']);
  switch (route.name) {
    case 'passkeys':
      return json({ passkeys: await listPasskeys(staff) });
    case 'addPasskey': {
      const body = await parseJsonBody(req, PasskeyRegistrationSchema);
      return json({ passkey: await registerPasskey(staff, body, relyingPartyOf(req)) }, { status: 201 });
    }
    case 'passkeyOptions':
      await parseJsonBody(req, EmptyRequestSchema);
      return json(await registrationOptions(staff, relyingPartyOf(req)));
    case 'removePasskey': {
      const id = RecordIdSchema.safeParse(route.params.id);
      if (!id.success) throw new HttpError(404, 'We could not find that passkey.', { code: 'not_found' });
      await parseJsonBody(req, EmptyRequestSchema);
      await removePasskey(staff, id.data);
      return json({ ok: true });
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/passkeys',
    '/v1.0.1/management/passkeys/options',
    '/v1.0.1/management/passkeys/:id/remove',
  ],
};
