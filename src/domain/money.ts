/** Money is integer pence end to end; these are the only places it becomes text. */
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** 4500 → "£45.00" */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new RangeError(`pence must be an integer, got ${pence}`);
  return gbp.format(pence / 100);
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
  const cleaned = text.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
