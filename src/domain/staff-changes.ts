import { formatUkMobile } from './phone-format.ts';

/**
 * Changes to who is staff (docs/decisions/070-fresh-proof-for-staff-changes.md): adding or removing
 * a member, or changing a member's number, decides who can sign in to the whole staff area. A staff
 * key alone is not enough for them: its holder must have proved themselves (a code texted to their
 * own phone, or a passkey) within the last few minutes, and every member is told what changed.
 */
export const FRESH_PROOF_MINUTES = 5;

export const FRESH_PROOF_NEEDED =
  'Please confirm it is you first: we text a code to your phone, or you use your passkey.';

/** Whether a key proven at `provenAt` may change the staff list at `now`. */
export function isFreshlyProven(provenAt: Date | null, now: Date): boolean {
  if (!provenAt) return false;
  const age = now.getTime() - provenAt.getTime();
  // A proof dated in the future (clocks of two servers) counts only up to a minute ahead.
  return age < FRESH_PROOF_MINUTES * 60_000 && age > -60_000;
}

/** Until when a proof made at `provenAt` lets its key change the staff list. */
export function freshUntil(provenAt: Date): Date {
  return new Date(provenAt.getTime() + FRESH_PROOF_MINUTES * 60_000);
}

export interface StaffPerson {
  name: string | null;
  phone: string | null;
}

export type StaffChange =
  | { kind: 'added'; member: StaffPerson }
  | { kind: 'removed'; member: StaffPerson }
  | { kind: 'phone_changed'; member: StaffPerson; from: string | null };

/** Who did it: a signed-in member, or the shop's terminal (`npm run staff:add`, with the database's own key). */
export type StaffChangeActor = StaffPerson | 'terminal';

const who = (person: StaffPerson): string => {
  const phone = person.phone ? formatUkMobile(person.phone) : null;
  if (person.name && phone) return `${person.name} (${phone})`;
  return person.name ?? phone ?? 'a member of staff';
};

/**
 * The notice every member gets after a staff change: what changed, by whom and when (shop time),
 * and what to do if it was not expected. Plain text, short enough for two texts.
 */
export function staffChangeNotice(change: StaffChange, actor: StaffChangeActor, at: string): string {
  const what =
    change.kind === 'added'
      ? `${who(change.member)} was added to the staff`
      : change.kind === 'removed'
        ? `${who(change.member)} was removed from the staff`
        : `the number of ${change.member.name ?? 'a member of staff'} was changed from ${
            change.from ? formatUkMobile(change.from) : 'none'
          } to ${change.member.phone ? formatUkMobile(change.member.phone) : 'none'}`;
  const by = actor === 'terminal' ? 'from the shop’s terminal' : `by ${who(actor)}`;
  return `Leyton Dog Grooming staff area: ${what} ${by} on ${at}. If you did not expect this, sign in and check the staff list, or tell the owner at once.`;
}
