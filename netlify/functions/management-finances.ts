import type { Config } from '@netlify/functions';
import {
  CsvQuerySchema,
  csvFileName,
  DepositsQuerySchema,
  FinancesQuerySchema,
  RefundRequestSchema,
} from '../../src/domain/finances.ts';
import { financeReport, listDeposits, refundDeposit, takingsCsv } from '../../src/server/finances.ts';
import { HttpError, json, parseJsonBody, parseQuery } from '../../src/server/http.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The Finances screen (src/server/finances.ts): takings, deposits, staff refunds, the accountant's CSV. */
export default staffEndpoint(['GET', 'POST'], async (req, staff) => {
  const what = new URL(req.url).pathname.split('/').filter(Boolean).slice(3).join('/'); // after v1.0.1/management/finances
  if (req.method === 'POST') {
    if (what !== 'refunds') throw new HttpError(405, 'Method POST not allowed');
    const { status, body } = await refundDeposit(staff, await parseJsonBody(req, RefundRequestSchema));
    return json(body, { status });
  }
  if (what === '') return json(await financeReport(parseQuery(req, FinancesQuerySchema)));
  if (what === 'deposits') return json(await listDeposits(parseQuery(req, DepositsQuerySchema)));
  if (what === 'takings.csv') {
    const { from, to } = parseQuery(req, CsvQuerySchema);
    return new Response(await takingsCsv(from, to), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${csvFileName(from, to)}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }
  throw new HttpError(405, `Method ${req.method} not allowed`);
});

export const config: Config = {
  path: [
    '/v1.0.1/management/finances',
    '/v1.0.1/management/finances/deposits',
    '/v1.0.1/management/finances/takings.csv',
    '/v1.0.1/management/finances/refunds',
  ],
};
