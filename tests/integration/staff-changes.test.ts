import { describe, expect, it } from 'vitest';
import { normaliseUkMobile } from '../../src/domain/phone.ts';
import { formatUkMobile } from '../../src/domain/phone-format.ts';
import { query, transaction } from '../../src/server/db.ts';
import { removeStaff } from '../../src/server/staff-members.ts';
import { issueStaffKey } from '../../src/server/staff-sign-in.ts';
import { useSmsProvider, type SmsProvider } from '../helpers/use-sms-provider.ts';
import { SoftAuthenticator } from '../helpers/soft-authenticator.ts';
import { addStaffMember, call, HOST, lastCodeSentTo, proveFresh, signIn } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Staff changes need a fresh proof and tell everyone (issue 18, docs/decisions/070). The attacker
 * holds a staff member's key (a copied cookie, a tablet left signed in) but not their phone or
 * passkey: they must not add their own number, remove the owner or move the owner's number to their
 * phone. The real member, having proved it is them a moment ago, can; and every member is told.
 */
useTestDatabase();

const STAFF = '/v1.0.1/management/staff';
const CODES = '/v1.0.1/management/step-up/codes';
const BY_CODE = '/v1.0.1/management/step-up/by-code';
const PASSKEY_OPTIONS = '/v1.0.1/management/step-up/passkey-options';
const BY_PASSKEY = '/v1.0.1/management/step-up/by-passkey';

let phones = 0;
const freshPhone = () => `07700 900${String(800 + phones++)}`;
const e164 = (phone: string) => normaliseUkMobile(phone)!;
let ips = 0;
const freshIp = () => `198.51.100.${++ips}`;

/** A key its holder signed in with an hour ago: what a copied cookie is, long after the sign-in's proof. */
async function keySignedInAnHourAgo(id: string): Promise<string> {
  const [staff] = await query<{ id: string; name: string; phone: string }>(
    'SELECT id, name, phone FROM customers WHERE id = $1',
    [id],
  );
  const signedIn = await transaction((tx) => issueStaffKey(tx, staff!, 'code', new Date(Date.now() - 3600_000)));
  return signedIn.accessKey;
}

async function shop() {
  const ownerPhone = freshPhone();
  const assistantPhone = freshPhone();
  const owner = await addStaffMember(ownerPhone, 'Olive Owner');
  const assistant = await addStaffMember(assistantPhone, 'Alex Assistant');
  return { owner, ownerPhone, assistant, assistantPhone };
}

const staffList = () => query('SELECT id, name, phone, privileges FROM customers WHERE privileges = 2 ORDER BY id');
const notices = () =>
  query<{ recipient: string; body_text: string }>(
    `SELECT recipient, body_text FROM outbox WHERE kind = 'staff_change' ORDER BY id`,
  );

describe('a staff key without a fresh proof (a stolen cookie)', () => {
  it('cannot add a member, remove the owner or move the owner’s number, and nothing is written or sent', async () => {
    const { owner, assistant } = await shop();
    const stolen = await keySignedInAnHourAgo(assistant);
    // The key itself still works: it reads the staff list.
    expect((await call('GET', STAFF, { key: stolen })).status).toBe(200);
    const before = await staffList();
    const attacker = freshPhone();
    const tries = [
      await call('POST', STAFF, { key: stolen, body: { name: 'Planted Phone', phone: attacker } }),
      await call('POST', `${STAFF}/${owner}/remove`, { key: stolen, body: {} }),
      await call('POST', `${STAFF}/${owner}/phone`, { key: stolen, body: { phone: attacker } }),
    ];
    for (const res of tries) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'fresh_proof_needed', error: expect.any(String) });
    }
    expect(await staffList()).toEqual(before);
    expect(await notices()).toEqual([]);
  });

  it('stops counting a proof after five minutes', async () => {
    const { assistant, assistantPhone } = await shop();
    const key = await signIn(assistantPhone, freshIp());
    // Signing in is not a proof for a staff change: the code said "to sign in", not "to change the staff".
    const signedInOnly = await call('POST', STAFF, { key, body: { name: 'Zero', phone: freshPhone() } });
    expect(signedInOnly.body.code).toBe('fresh_proof_needed');
    await proveFresh(key, assistantPhone, freshIp());
    expect((await call('POST', STAFF, { key, body: { name: 'First', phone: freshPhone() } })).status).toBe(201);
    await query(`UPDATE access_keys SET proven_at = proven_at - interval '5 minutes 1 second' WHERE customer_id = $1`, [
      assistant,
    ]);
    const late = await call('POST', STAFF, { key, body: { name: 'Second', phone: freshPhone() } });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('fresh_proof_needed');
  });

  it('cannot prove itself with a code sent to someone else, or with a sign-in code', async () => {
    const { owner, ownerPhone, assistant, assistantPhone } = await shop();
    const stolen = await keySignedInAnHourAgo(assistant);
    const ownerKey = await keySignedInAnHourAgo(owner);
    // The step-up code goes to the key holder's own number, never to one the caller names.
    const asked = await call('POST', CODES, { key: ownerKey, body: {}, ip: freshIp() });
    expect(asked.status).toBe(202);
    expect(await lastCodeSentTo(assistantPhone)).toBeNull();
    const ownersCode = await lastCodeSentTo(ownerPhone);
    const withOwnersCode = await call('POST', BY_CODE, {
      key: stolen,
      body: { requestId: asked.body.requestId, code: ownersCode },
      ip: freshIp(),
    });
    expect(withOwnersCode.status).toBe(400);
    // A sign-in code for the assistant's number (the attacker asked for one at the login page) is not a step-up code.
    const signInAsk = await call('POST', '/v1.0.1/management/sign-in/codes', {
      body: { phone: assistantPhone },
      ip: freshIp(),
    });
    const signInCode = await lastCodeSentTo(assistantPhone);
    const withSignInCode = await call('POST', BY_CODE, {
      key: stolen,
      body: { requestId: signInAsk.body.requestId, code: signInCode },
      ip: freshIp(),
    });
    expect(withSignInCode.status).toBe(400);
    const after = await call('POST', STAFF, { key: stolen, body: { name: 'Planted', phone: freshPhone() } });
    expect(after.status).toBe(403);
  });
});

describe('with a fresh proof', () => {
  // The environment without a text provider, for the test that needs e-mail alone.
  const unconfigured = process.env;
  let provider: SmsProvider;
  useSmsProvider((started) => (provider = started));
  const inbox = (phone: string) => provider.requests.filter((r) => r.body.to === e164(phone)).map((r) => r.body.text);

  it('adds, changes a number and removes, and every member’s phone is told what changed and by whom', async () => {
    const { owner, ownerPhone, assistant, assistantPhone } = await shop();
    const key = await keySignedInAnHourAgo(owner);
    await proveFresh(key, ownerPhone, freshIp());

    const newPhone = freshPhone();
    const added = await call('POST', STAFF, { key, body: { name: 'Nia New', phone: newPhone } });
    expect(added.status).toBe(201);
    const addedText = `Nia New (${formatUkMobile(e164(newPhone))}) was added to the staff by Olive Owner (${formatUkMobile(e164(ownerPhone))})`;
    for (const phone of [ownerPhone, assistantPhone, newPhone]) expect(inbox(phone).join('\n')).toContain(addedText);

    const assistantsNewPhone = freshPhone();
    const moved = await call('POST', `${STAFF}/${assistant}/phone`, { key, body: { phone: assistantsNewPhone } });
    expect(moved.status).toBe(200);
    expect(moved.body.member).toMatchObject({ _id: assistant, phone: e164(assistantsNewPhone) });
    // The old number is told too: it is the one the real Alex still holds.
    for (const phone of [ownerPhone, assistantPhone, assistantsNewPhone, newPhone])
      expect(inbox(phone).join('\n')).toContain('the number of Alex Assistant was changed from');

    const removed = await call('POST', `${STAFF}/${added.body.member._id}/remove`, { key, body: {} });
    expect(removed.status).toBe(200);
    for (const phone of [ownerPhone, assistantsNewPhone, newPhone])
      expect(inbox(phone).join('\n')).toContain('was removed from the staff by Olive Owner');
    expect(await query('SELECT 1 FROM customers WHERE id = $1', [added.body.member._id])).toEqual([]);
  });

  it('e-mails the notice to a member who gets their messages by e-mail', async () => {
    process.env = unconfigured;
    try {
      const { ownerPhone } = await shop();
      await addStaffMember(freshPhone(), 'Mel Mail', 'mel@example.com');
      const key = await signIn(ownerPhone, freshIp());
      await proveFresh(key, ownerPhone, freshIp());
      expect((await call('POST', STAFF, { key, body: { name: 'Nico', phone: freshPhone() } })).status).toBe(201);
      const [mail] = await query<{ channel: string; subject: string; body_text: string }>(
        `SELECT channel, subject, body_text FROM outbox WHERE kind = 'staff_change' AND recipient = 'mel@example.com'`,
      );
      expect(mail).toMatchObject({ channel: 'email', subject: 'A change to the Leyton Dog Grooming staff list' });
      expect(mail!.body_text).toContain('was added to the staff by Olive Owner');
    } finally {
      process.env = { ...unconfigured, SMS_PROVIDER_URL: provider.url };
    }
  });

  it('proves with the member’s own passkey, never with a colleague’s', async () => {
    const { owner, ownerPhone, assistant, assistantPhone } = await shop();
    const authenticators = { owner: new SoftAuthenticator(HOST), assistant: new SoftAuthenticator(HOST) };
    for (const [who, phone] of [
      ['owner', ownerPhone],
      ['assistant', assistantPhone],
    ] as const) {
      const key = await signIn(phone, freshIp());
      const options = await call('POST', '/v1.0.1/management/passkeys/options', { key, body: {} });
      const response = authenticators[who].create(options.body.options);
      const registered = await call('POST', '/v1.0.1/management/passkeys', {
        key,
        body: { challengeId: options.body.challengeId, response },
      });
      expect(registered.status).toBe(201);
    }
    const stolen = await keySignedInAnHourAgo(assistant);
    // The attacker answers the assistant's challenge with a passkey they do hold: the owner's is refused too.
    const asked = await call('POST', PASSKEY_OPTIONS, { key: stolen, body: {}, ip: freshIp() });
    expect(asked.status).toBe(200);
    const foreign = authenticators.owner.get(asked.body.options, { credential: authenticators.owner.credentials[0] });
    const refused = await call('POST', BY_PASSKEY, {
      key: stolen,
      body: { challengeId: asked.body.challengeId, response: foreign },
      ip: freshIp(),
    });
    expect(refused.status).toBe(401);
    expect((await call('POST', `${STAFF}/${owner}/remove`, { key: stolen, body: {} })).status).toBe(403);

    const ownerKey = await keySignedInAnHourAgo(owner);
    const mine = await call('POST', PASSKEY_OPTIONS, { key: ownerKey, body: {}, ip: freshIp() });
    const proved = await call('POST', BY_PASSKEY, {
      key: ownerKey,
      body: { challengeId: mine.body.challengeId, response: authenticators.owner.get(mine.body.options) },
      ip: freshIp(),
    });
    expect(proved.status).toBe(200);
    expect(proved.body.provenAt).toEqual(expect.any(String));
    expect((await call('POST', `${STAFF}/${assistant}/remove`, { key: ownerKey, body: {} })).status).toBe(200);
  });
});

describe('the last member of staff', () => {
  it('cannot be removed, from the dashboard or the terminal', async () => {
    const phone = freshPhone();
    const only = await addStaffMember(phone, 'Solo Groomer');
    // Everyone else on the shared test database leaves first, from the terminal.
    for (const { id } of await query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2 AND id <> $1', [
      only,
    ]))
      await removeStaff(id, null);
    const key = await signIn(phone, freshIp());
    const self = await call('POST', `${STAFF}/${only}/remove`, { key, body: {} });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('not_yourself');
    await expect(removeStaff(only, null)).rejects.toMatchObject({ status: 409, extra: { code: 'last_staff' } });
    expect(await query('SELECT id FROM customers WHERE privileges = 2')).toEqual([{ id: only }]);
  });
});
