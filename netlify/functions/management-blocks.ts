import type { Config } from '@netlify/functions';
import { BlockIdSchema, BlockRequestSchema } from '../../src/domain/schedule-for-server.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { blockTime, unblockTime } from '../../src/server/schedule/counter.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** POST /management/blocks (block time off) and POST /management/blocks/{id}/remove (give it back). */
export default staffEndpoint(['POST'], async (req, staff, context) => {
  const route = routeOf(req, context, ['addBlock', 'removeBlock']);
  if (route.name === 'addBlock')
    return json(await blockTime(await parseJsonBody(req, BlockRequestSchema), staff), { status: 201 });
  const id = BlockIdSchema.safeParse(route.params.id);
  if (!id.success) throw new HttpError(404, 'That blocked time is not there any more.', { code: 'not_found' });
  return json(await unblockTime(id.data, staff));
});

export const config: Config = { path: ['/v1.0.1/management/blocks', '/v1.0.1/management/blocks/:id/remove'] };
