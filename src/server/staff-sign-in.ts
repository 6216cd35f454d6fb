import type { PhoneCodeResponse, PhoneProof } from '../domain/phone-codes.ts';
import type { StaffSignInResponse } from '../domain/staff.ts';
import { staffKeyExpiry } from '../domain/staff-settings.ts';
import { limitSignIns } from './abuse.ts';
import { issueAccessKey, markKeyProven } from './access-keys.ts';
import { query, transaction, type Tx } from './db.ts';
import { env } from './env.ts';
import { HttpError } from './http.ts';
import { CODE_EXPIRED, checkPhoneCode, requestPhoneCode, spendPhoneCode } from './phone-codes.ts';
import { loadStaffSettings } from './settings.ts';
import { STAFF_ONLY, type StaffMember } from './staff.ts';
import { TEXT_BUDGET_SPENT_FOR_STAFF } from './text-budget.ts';
import { isStaffSql } from './privileges.ts';

/**
 * Staff sign-in by a one-time code (docs/decisions/053-staff-sign-in-and-the-staff-api.md). Asking
 * for a code answers the same for any UK mobile: a number that is not staff gets a code request
 * like any other, whose code is never sent, so no answer, error or wait says who works here.
 */

interface StaffRow {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** The staff member with this number, if any (the earliest, should two records share it). */
export async function findStaffByPhone(phone: string, tx?: Tx): Promise<StaffRow | null> {
  const sql = `SELECT id, name, phone, email FROM customers WHERE phone = $1 AND ${isStaffSql()} ORDER BY created_at, id LIMIT 1`;
  const rows = tx ? (await tx.query<StaffRow>(sql, [phone])).rows : await query<StaffRow>(sql, [phone]);
  return rows[0] ?? null;
}

export interface CodeAsk {
  phone: string;
  ip: string | null;
  siteUrl: string;
  now?: Date;
  later?: (work: Promise<unknown>) => void;
}

/**
 * A staff member with an e-mail address gets their messages by e-mail while no text provider is
 * configured (codes and staff-change notices alike); otherwise by text.
 */
export function staffEmailChannel(staff: { email: string | null } | null) {
  return staff?.email && !env().SMS_PROVIDER_URL ? { channel: 'email' as const, recipient: staff.email } : undefined;
}

/**
 * Sends a sign-in code to a staff member's phone: by text (or WhatsApp, behind the same provider),
 * or by e-mail when they have an address and no text provider is configured. Rate-limited per
 * address before anything else (src/server/abuse.ts); what the number is sent is counted per number
 * and against the day's text budget (decision 069), so strangers asking for the staff number's code
 * never stop the staff member getting one that works.
 */
export async function requestStaffCode(
  ask: CodeAsk,
  purpose: 'staff_sign_in' | 'staff_step_up' = 'staff_sign_in',
): Promise<PhoneCodeResponse> {
  const staff = await findStaffByPhone(ask.phone);
  return requestPhoneCode({
    phone: ask.phone,
    purpose,
    ip: ask.ip,
    now: ask.now,
    siteUrl: ask.siteUrl,
    send: staff !== null,
    via: staffEmailChannel(staff),
    later: ask.later,
    budgetSpent: TEXT_BUDGET_SPENT_FOR_STAFF,
  });
}

/** A new staff key for `staff`, with the lifetime the settings give it now. */
export async function issueStaffKey(
  tx: Tx,
  staff: { id: string; name: string | null; phone: string | null },
  how: 'code' | 'passkey',
  now: Date,
): Promise<StaffSignInResponse> {
  const expiresAt = staffKeyExpiry(now, await loadStaffSettings(tx));
  // Signing in is not a proof for staff changes (docs/decisions/070): the phone's owner approved a
  // sign-in, not a change to the staff list, so a change asks again with a code that says what it is for.
  const accessKey = await issueAccessKey(tx, staff.id, 'staff', { label: `signed in by ${how}`, expiresAt, now });
  return {
    accessKey,
    expiresAt: expiresAt.toISOString(),
    staff: { _id: staff.id, name: staff.name, phone: staff.phone },
  };
}

export interface CodeSignIn {
  phone: string;
  requestId: string;
  code: string;
  ip: string | null;
  now?: Date;
}

/**
 * Checks the code (each try counts: five end the request), spends it and issues a staff key, in one
 * transaction so a code is never spent without a key or the other way round.
 */
export async function signInByCode(attempt: CodeSignIn): Promise<StaffSignInResponse> {
  const now = attempt.now ?? new Date();
  await limitSignIns(attempt.ip, now);
  const checked = await checkPhoneCode(
    { requestId: attempt.requestId, code: attempt.code },
    attempt.phone,
    'staff_sign_in',
    now,
  );
  return transaction(async (tx) => {
    await spendPhoneCode(tx, checked, now);
    const staff = await findStaffByPhone(attempt.phone, tx);
    // Only a number that stopped being staff after asking gets here (the code was never sent to
    // any other): the answer of a used code, which says nothing new.
    if (!staff) throw new HttpError(400, CODE_EXPIRED, { code: 'phone_code_expired' });
    return issueStaffKey(tx, staff, 'code', now);
  });
}

// ---- step-up: a signed-in member proves it is them again (docs/decisions/070) -------------------

const NO_PHONE = 'Your staff record has no mobile number. Please use your passkey instead.';

/** Texts a code to the signed-in member's own number (never to a number the caller names). */
export async function requestStepUpCode(staff: StaffMember, ask: Omit<CodeAsk, 'phone'>): Promise<PhoneCodeResponse> {
  if (!staff.phone) throw new HttpError(409, NO_PHONE, { code: 'no_phone' });
  return requestStaffCode({ ...ask, phone: staff.phone }, 'staff_step_up');
}

/**
 * Checks a step-up code sent to this member's own number and marks this key freshly proven, in one
 * transaction with spending the code.
 */
export async function proveWithCode(
  staff: StaffMember,
  proof: PhoneProof,
  ip: string | null,
  now = new Date(),
): Promise<{ provenAt: string }> {
  if (!staff.phone) throw new HttpError(409, NO_PHONE, { code: 'no_phone' });
  await limitSignIns(ip, now);
  const checked = await checkPhoneCode(proof, staff.phone, 'staff_step_up', now);
  await transaction(async (tx) => {
    await spendPhoneCode(tx, checked, now);
    if (!(await markKeyProven(tx, staff.key, now))) throw new HttpError(401, STAFF_ONLY, { code: 'unauthorised' });
  });
  return { provenAt: now.toISOString() };
}
