import { describe, expect, it } from 'vitest';
import { markKeyProven } from '../../src/server/access-keys.ts';
import { query, transaction } from '../../src/server/db.ts';
import { issueStaffKey } from '../../src/server/staff-sign-in.ts';
import { useRealPostgresForFile } from '../helpers/real-postgres.ts';
import { addStaffMember, call } from '../helpers/staff.ts';

/**
 * The last member of staff stays even when the last two remove each other at the same moment
 * (docs/decisions/070). The embedded PGlite runs one transaction at a time and cannot show the race;
 * this runs it on a real PostgreSQL 15 server started for the file. Skipped only where that server
 * cannot be installed.
 */
const available = useRealPostgresForFile();

/** A key its holder signed in with and has just proved again (what the step-up doors do, staff-changes.test.ts). */
async function freshKey(id: string): Promise<string> {
  const [staff] = await query<{ id: string; name: string; phone: string }>(
    'SELECT id, name, phone FROM customers WHERE id = $1',
    [id],
  );
  return transaction(async (tx) => {
    const { accessKey } = await issueStaffKey(tx, staff!, 'code', new Date());
    await markKeyProven(tx, accessKey);
    return accessKey;
  });
}

describe.skipIf(!available)('the last member of staff on a real PostgreSQL server', () => {
  it('stays when the last two members remove each other at once, round after round', async () => {
    let survivor = await addStaffMember('07700 900970', 'First Groomer');
    for (let round = 0; round < 12; round++) {
      const other = await addStaffMember(`07700 9009${String(71 + round)}`, `Groomer ${round}`);
      const [survivorKey, otherKey] = await Promise.all([freshKey(survivor), freshKey(other)]);
      const answers = await Promise.all([
        call('POST', `/v1.0.1/management/staff/${other}/remove`, { key: survivorKey, body: {} }),
        call('POST', `/v1.0.1/management/staff/${survivor}/remove`, { key: otherKey, body: {} }),
      ]);
      const left = await query<{ id: string }>('SELECT id FROM customers WHERE privileges = 2');
      expect(left, `round ${round}: ${answers.map((a) => a.status).join(', ')}`).toHaveLength(1);
      expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
      // The loser was removed in the same instant (401, its key is gone) or found itself the last (409).
      expect([401, 409]).toContain(answers.find((a) => a.status !== 200)!.status);
      survivor = left[0]!.id;
    }
    // Every round told the members: the notices went out with the removals that happened.
    expect((await query(`SELECT 1 FROM outbox WHERE kind = 'staff_change'`)).length).toBeGreaterThanOrEqual(12 * 2);
  });
});
