import { useState } from 'react';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { csvFileName } from '../../../domain/finances.ts';
import { formatDate } from '../format.ts';
import { saveFile } from '../records-ui.tsx';
import type { Range } from './view.ts';

/** The accountant's CSV of a period, saved as a download, and what became of it. */
export function useCsvExport() {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const exportCsv = async ({ from, to }: Range) => {
    setBusy(true);
    const csv = await staffCall(apiRoutes.takingsCsv, { query: { from, to }, timeoutMs: 30_000 });
    setBusy(false);
    if (typeof csv.data !== 'string')
      return setSaid({ ok: false, text: `We could not make the CSV: ${csv.error ?? 'something went wrong'}` });
    saveFile(csvFileName(from, to), csv.data, 'text/csv');
    setSaid({ ok: true, text: `The CSV for ${formatDate(from)} to ${formatDate(to)} is in your downloads.` });
  };

  return { busy, said, exportCsv };
}
