/**
 * Facts about the business, derived for display from content/site.json (the one place they live).
 * Pure functions of the JSON, so the header, footer, contact page and JSON-LD agree by construction.
 */
import site from '../../content/site.json';

export type Site = typeof site;
export type OpeningDay = Site['openingHours'][number];

/** '09:00' → '9:00am', '18:00' → '18:00' (the spec's own mixed style: "9:00am to 18:00"). */
export function formatOpens(time: string): string {
  const [h, m] = time.split(':');
  return `${Number(h)}:${m}am`;
}

export function formatCloses(time: string): string {
  return time;
}

export interface OpeningRow {
  day: string;
  hours: string;
  closed: boolean;
  opens: string | null;
  closes: string | null;
}

export function openingRows(days: readonly OpeningDay[] = site.openingHours): OpeningRow[] {
  return days.map((d) => ({
    day: d.day,
    opens: d.opens,
    closes: d.closes,
    closed: !d.opens || !d.closes,
    hours: d.opens && d.closes ? `${formatOpens(d.opens)} – ${formatCloses(d.closes)}` : 'Closed',
  }));
}

/** "Monday to Saturday, 9:00am – 18:00" when the open days share hours and run consecutively. */
export function openingSummary(
  days: readonly OpeningDay[] = site.openingHours,
  options: { short?: boolean } = {},
): string {
  const name = (day: string) => (options.short ? day.slice(0, 3) : day);
  const to = options.short ? '–' : ' to ';
  const open = days.filter((d) => d.opens && d.closes);
  if (open.length === 0) return 'By appointment';
  const first = open[0]!;
  const same = open.every((d) => d.opens === first.opens && d.closes === first.closes);
  const firstIndex = days.indexOf(first);
  const consecutive = open.every((d, i) => days[firstIndex + i] === d);
  if (same && consecutive) {
    const last = open[open.length - 1]!;
    const span = open.length === 1 ? name(first.day) : `${name(first.day)}${to}${name(last.day)}`;
    return `${span}, ${formatOpens(first.opens!)} – ${formatCloses(first.closes!)}`;
  }
  return open.map((d) => `${name(d.day)} ${formatOpens(d.opens!)} – ${formatCloses(d.closes!)}`).join('; ');
}

/**
 * The hours as a phrase for running text, closed days included: "Monday to Saturday, 9:00am – 18:00;
 * closed on Sunday". Content files say it with `{{hours}}` (fact-placeholders.ts).
 */
export function openingHoursInWords(days: readonly OpeningDay[] = site.openingHours): string {
  const closed = days.filter((d) => !d.opens || !d.closes).map((d) => d.day);
  const open = openingSummary(days);
  if (closed.length === 0 || closed.length === days.length) return open;
  const list = closed.length === 1 ? closed[0]! : `${closed.slice(0, -1).join(', ')} and ${closed.at(-1)}`;
  return `${open}; closed on ${list}`;
}

export const telHref = (e164: string) => `tel:${e164}`;
/** wa.me wants the international number as digits only. */
export const whatsappHref = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;
export const mailHref = (email: string) => `mailto:${email}`;

export function addressLines(address: Site['address'] = site.address): string[] {
  return [address.street, `${address.locality}, ${address.city}`, address.postcode];
}

export function oneLineAddress(address: Site['address'] = site.address): string {
  return `${address.street}, ${address.locality}, ${address.city} ${address.postcode}`;
}

export function directionsHref(address: Site['address'] = site.address): string {
  const destination = encodeURIComponent(`${site.name}, ${oneLineAddress(address)}`);
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

export function openStreetMapHref(address: Site['address'] = site.address): string {
  const { lat, lng } = address.geo;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

const DAY_URL = 'https://schema.org/';

/** schema.org LocalBusiness for the home page, built only from site.json. */
export function localBusinessJsonLd(s: Site = site, pageUrl = s.url) {
  const open = s.openingHours.filter((d) => d.opens && d.closes);
  // Group days with identical hours into one specification, as search engines prefer.
  const groups = new Map<string, string[]>();
  for (const d of open) {
    const key = `${d.opens}-${d.closes}`;
    groups.set(key, [...(groups.get(key) ?? []), `${DAY_URL}${d.day}`]);
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${s.url}/#business`,
    name: s.name,
    legalName: s.legalName,
    url: pageUrl,
    telephone: s.phone.e164,
    email: s.email,
    priceRange: s.priceRange,
    image: `${s.url}/social-card.png`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address.street,
      addressLocality: s.address.city,
      addressRegion: s.address.locality,
      postalCode: s.address.postcode,
      addressCountry: s.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: s.address.geo.lat, longitude: s.address.geo.lng },
    openingHoursSpecification: [...groups.entries()].map(([key, dayOfWeek]) => {
      const [opens, closes] = key.split('-');
      return { '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes };
    }),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: s.reviews.rating,
      reviewCount: s.reviews.count,
      bestRating: 5,
    },
    sameAs: [s.instagram],
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export { site };
