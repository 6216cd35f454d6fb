import type { Config } from '@netlify/functions';
import {
  AddStaffSchema,
  ChangeStaffPhoneSchema,
  EmptyRequestSchema,
  RecordIdSchema,
} from '../../src/domain/staff-for-server.ts';
import { afterAnswer, HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { addStaff, changeStaffPhone, listStaff, removeStaff } from '../../src/server/staff-members.ts';

/**
 * GET /management/staff: the staff list. POST /management/staff: adds a member.
 * POST /management/staff/{id}/remove: removes one (never yourself, never the last).
 * POST /management/staff/{id}/phone: changes a member's number.
 * Every change needs a key proven in the last five minutes (403 fresh_proof_needed otherwise) and
 * tells every member (docs/decisions/070).
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['staffList', 'addStaff', 'removeStaff', 'changeStaffPhone']);
  const later = afterAnswer(context);
  if (route.name === 'staffList') return json({ staff: await listStaff(staff) });
  if (route.name === 'addStaff') {
    const member = await parseJsonBody(req, AddStaffSchema);
    return json({ member: await addStaff(member, staff, { later }) }, { status: 201 });
  }
  const id = RecordIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, 'We could not find that member of staff.', { code: 'not_found' });
  if (route.name === 'changeStaffPhone') {
    const { phone } = await parseJsonBody(req, ChangeStaffPhoneSchema);
    return json({ member: await changeStaffPhone(id.data, phone, staff, { later }) });
  }
  await parseJsonBody(req, EmptyRequestSchema);
  await removeStaff(id.data, staff, { later });
  return json({ ok: true });
});

export const config: Config = {
  path: ['/v1.0.1/management/staff', '/v1.0.1/management/staff/:id/remove', '/v1.0.1/management/staff/:id/phone'],
};
