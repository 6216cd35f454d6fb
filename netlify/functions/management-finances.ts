import type { Config } from '@netlify/functions';
import {
  CsvQuerySchema,
  csvFileName,
  DepositsQuerySchema,
  FinancesQuerySchema,
  RefundRequestSchema,
} from '../../src/domain/finances-for-server.ts';
import { financeReport, listDeposits, refundDeposit, takingsCsv } from '../../src/server/finances.ts';
import { json, parseJsonBody, parseQuery } from '../../src/server/http.ts';
import { routeOf } from '../../src/server/routes.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

/** The Finances screen (src/server/finances.ts): takings, deposits, staff refunds, the accountant's CSV. */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  switch (routeOf(req, context, ['finances', 'deposits', 'takingsCsv', 'refund']).name) {
    case 'refund': {
      const { status, body } = await refundDeposit(staff, await parseJsonBody(req, RefundRequestSchema));
      return json(body, { status });
    }
    case 'finances':
      return json(await financeReport(parseQuery(req, FinancesQuerySchema)));
    case 'deposits':
      return json(await listDeposits(parseQuery(req, DepositsQuerySchema)));
    case 'takingsCsv': {
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
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/finances',
    '/v1.0.1/management/finances/deposits',
    '/v1.0.1/management/finances/takings.csv',
    '/v1.0.1/management/finances/refunds',
  ],
};
