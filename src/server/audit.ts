import type { Tx } from './db.ts';
import type { StaffMember } from './staff.ts';

/**
 * Who changed what, when (`audit_log`): every staff change to bookings, customers, breeds, services
 * and settings writes one row in the change's own transaction, with the thing before and after.
 */
export async function audit(
  tx: Tx,
  staff: Pick<StaffMember, 'customerId'>,
  action: string,
  entity: string,
  entityId: string | null,
  change: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  await tx.query(
    'INSERT INTO audit_log (staff_id, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)',
    [
      staff.customerId,
      action,
      entity,
      entityId,
      change.before === undefined ? null : JSON.stringify(change.before),
      change.after === undefined ? null : JSON.stringify(change.after),
    ],
  );
}
