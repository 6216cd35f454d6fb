/** +447700900461 → "07700 900461", the way the shop and its customers write them. */
export function formatUkMobile(e164: string): string {
  const m = /^\+44(7\d{3})(\d{6})$/.exec(e164);
  return m ? `0${m[1]} ${m[2]}` : e164;
}
