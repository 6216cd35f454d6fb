/** Money is integer pence end to end; these are the only places it becomes text. */

/**
 * 4500 → "£45.00", 123456 → "£1,234.56", -500 → "-£5.00": what Intl.NumberFormat('en-GB', GBP) says,
 * by arithmetic. A browser's first currency formatter costs tens of milliseconds of its main thread
 * (measured: 40–90 ms in Chromium here), in the middle of hydrating the prices and the booking form,
 * for text this simple (money.test.ts checks the two agree).
 */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`pence must be an integer, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** 4500 → "45.00": the number the spec's 'From: £' label is followed by. */
export function poundsFromPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`pence must be an integer, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What staff type for a price, in pounds ("45", "45.5", "£45.50", "1,234.56"), as pence; null when
 * it is not an amount of money (a negative, more than two decimals, words).
 */
export function penceFromPounds(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^£/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
