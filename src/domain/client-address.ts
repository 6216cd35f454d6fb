/**
 * The key a client address is counted under by every per-address limit
 * (docs/decisions/069-text-budget-and-limits-that-never-lock-out.md). An IPv4 address is one
 * household or one carrier's NAT; an IPv6 address is not: a home, a phone or a rented server is given
 * a whole /64 (2^64 addresses), and on Netlify each of them reached us as its own client. So an IPv6
 * address counts as its /64, written canonically; an IPv4-mapped IPv6 address counts as its IPv4.
 *
 * Null for anything that is not an address: the caller then shares one bucket with every other
 * unknown, which fails safe (never on Netlify, whose edge always says who is calling).
 */
export function clientLimitKey(address: string | null | undefined): string | null {
  if (!address) return null;
  let text = address.trim();
  if (text.length === 0 || text.length > 100) return null;
  // "[2001:db8::1]" as some proxies write it, and a zone id ("fe80::1%eth0") that names a local
  // interface, not a client.
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);

  const v4 = ipv4(text);
  if (v4) return v4;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // ::ffff:a.b.c.d (IPv4-mapped): the IPv4 client behind a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Dotted quad with four decimal parts 0–255, no leading zeros (which some parsers read as octal). */
function ipv4(text: string): string | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
  }
  return parts.join('.');
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
function ipv6Groups(text: string): number[] | null {
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (half: string, last: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (last && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece);
        if (!v4) return null;
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        out.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  if (halves.length === 1) {
    const all = parse(text, true);
    return all && all.length === 8 ? all : null;
  }
  const head = parse(halves[0]!, false);
  const tail = parse(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
