import type { Config } from '@netlify/functions';
import { AddStaffSchema, EmptyRequestSchema, RecordIdSchema } from '../../src/domain/staff.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { staffEndpoint } from '../../src/server/staff.ts';
import { addStaff, listStaff, removeStaff } from '../../src/server/staff-members.ts';

/**
 * GET /management/staff: the staff list. POST /management/staff: adds a member.
 * POST /management/staff/{id}/remove: removes one (never yourself, never the last).
 */
export default staffEndpoint(['GET', 'POST'], async (req, staff) => {
  const parts = new URL(req.url).pathname.replace(/\/+$/, '').split('/').slice(4); // after /v1.0.1/management/staff
  if (parts.length === 0) {
    if (req.method === 'POST') {
      const member = await parseJsonBody(req, AddStaffSchema);
      return json({ member: await addStaff(member) }, { status: 201 });
    }
    return json({ staff: await listStaff(staff) });
  }
  if (parts.length === 2 && parts[1] === 'remove' && req.method === 'POST') {
    const id = RecordIdSchema.safeParse(parts[0]);
    if (!id.success) throw new HttpError(404, 'We could not find that member of staff.', { code: 'not_found' });
    await parseJsonBody(req, EmptyRequestSchema);
    await removeStaff(id.data, staff);
    return json({ ok: true });
  }
  throw new HttpError(404, 'Not found');
});

export const config: Config = { path: ['/v1.0.1/management/staff', '/v1.0.1/management/staff/:id/remove'] };
