import { useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { DepositsResponseSchema, type Deposit } from '../../../domain/finances.ts';
import { pageFrom, useMorePages, useStaffRoute } from '../records-ui.tsx';
import type { Range } from './view.ts';

const NONE: Deposit[] = [];

/** The deposits paid in a period, a page at a time, and the one being refunded. */
export function useDeposits(range: Range, onRefunded: () => void) {
  const first = useStaffRoute(apiRoutes.deposits, { query: range, schema: DepositsResponseSchema });
  const pages = useMorePages(first.data?.deposits ?? NONE, first.data?.nextCursor ?? null, async (cursor) =>
    pageFrom(
      await staffCall(apiRoutes.deposits, { query: { ...range, cursor }, schema: DepositsResponseSchema }),
      'deposits',
    ),
  );
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [refunding, setRefunding] = useState<string | null>(null);

  return {
    first,
    pages,
    said,
    refunding,
    startRefund: (bookingId: string) => {
      setSaid(null);
      setRefunding(bookingId);
    },
    stopRefund: () => setRefunding(null),
    refunded: (text: string) => {
      setRefunding(null);
      setSaid({ ok: true, text });
      first.reload();
      onRefunded();
    },
  };
}

export type DepositList = ReturnType<typeof useDeposits>;
