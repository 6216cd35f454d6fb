import { api, BOOKING_TYPES_TIMEOUT_MS } from './api.ts';
import type { BookingType } from '../domain/booking-types.ts';
import { sortBookingTypes } from '../domain/booking-type-order.ts';
import { poundsFromPence } from '../domain/money.ts';

/**
 * The prices list of contract §2/§4/§8: loading, then the offline message or the services, each a
 * radio button that opens its description and a "book now" link. Plain DOM rather than a React island
 * (docs/decisions/055): React DOM is one long task on a phone, the whole of /prices' blocking time,
 * for a list this simple. The build renders the loading state (PricesSection.astro); this takes over.
 */

/** Contract §9: services shown off the prices page. */
export const SERVICES_OFF_PRICES_PAGE = 3;

export interface PricesOptions {
  /** Every service (the /prices page); otherwise the first 3 and a link to the rest. */
  all: boolean;
  /** The number to call for prices when the list cannot load. */
  phone: { display: string; e164: string };
  /** The offline heading's level, one below the section's own heading (h1 on /prices, h2 elsewhere). */
  headingLevel: 2 | 3;
}

const OFFLINE_TEXT = "We are currently unable to show our prices online due to a network error; we're really sorry for any inconvenience this causes.";

/** `tag` with its attributes and children (text is set as text, never parsed). */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, attributes: Record<string, string> = {}, ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

let mounted = 0;

/** Drives the list in `root` (the `.prices` element the build rendered in its loading state). */
export function mountPrices(root: HTMLElement, options: PricesOptions): void {
  const name = `prices-${++mounted}`;
  let current = root;
  const show = (next: HTMLElement) => {
    next.style.setProperty('--reserve-rows', current.style.getPropertyValue('--reserve-rows'));
    current.replaceWith(next);
    current = next;
  };

  const loading = () => el('div', { class: 'prices prices--loading', 'aria-busy': 'true' },
    el('p', { role: 'status', class: 'prices__status' }, 'Please wait, loading prices..'));

  const offline = () => el('div', { class: 'prices prices--offline', role: 'alert' },
    el(`h${options.headingLevel}`, {}, 'Prices Service Currently Offline'),
    el('p', {}, OFFLINE_TEXT),
    el('p', {},
      'Please reload the page to try again, or call us on ', el('a', { href: `tel:${options.phone.e164}` }, options.phone.display),
      ' or ', el('a', { href: '/contact' }, 'contact us'), ' for our prices.'),
    tryAgain());

  const tryAgain = () => {
    const button = el('button', { type: 'button', class: 'button button--ghost' }, 'Try again');
    button.addEventListener('click', () => void load());
    return button;
  };

  const loaded = (services: BookingType[]) => {
    const shown = options.all ? services : services.slice(0, SERVICES_OFF_PRICES_PAGE);
    const list = el('fieldset', { class: 'prices__list' },
      el('legend', { class: 'visually-hidden' }, 'Our services: choose one to see what it includes'));
    const rows = shown.map((service) => {
      const id = `${name}-${service._id}`;
      const radio = el('input', { type: 'radio', id, name, value: service._id, 'aria-controls': `${id}-details`, class: 'prices__radio' });
      const details = el('div', { id: `${id}-details`, class: 'prices__details', hidden: '' });
      const row = el('div', { class: 'prices__row' },
        radio,
        el('label', { for: id, class: 'prices__summary' },
          el('span', { class: 'prices__title' }, service.title),
          el('span', { class: 'prices__price' }, `From: £${poundsFromPence(service.price)}`),
          el('span', { class: 'prices__duration' }, `Duration: ${service.duration} min.`)),
        details);
      return { service, radio, details, row };
    });
    // One row open at a time, the chosen one; a closed row keeps nothing but its summary.
    const choose = (chosen: string) => {
      for (const { service, details, row } of rows) {
        const open = service._id === chosen;
        row.classList.toggle('prices__row--open', open);
        details.hidden = !open;
        if (!open) {
          details.replaceChildren();
          continue;
        }
        const description = el('div', { class: 'prices__description' });
        // Sanitised on the server (sanitize-html) before it is stored.
        description.innerHTML = service.description;
        details.replaceChildren(description,
          el('a', { class: 'button', href: `/book-appointment?type=${encodeURIComponent(service._id)}`, 'aria-label': `book now: ${service.title}` }, 'book now'));
      }
    };
    for (const { service, radio, row } of rows) {
      radio.addEventListener('change', () => choose(service._id));
      list.append(row);
    }
    const view = el('div', { class: 'prices' }, list);
    if (!options.all) {
      view.append(el('p', { class: 'prices__more' },
        el('a', { href: '/prices' }, `Showing ${shown.length} out of ${services.length} services, see all`)));
    }
    return view;
  };

  const load = async () => {
    if (!current.classList.contains('prices--loading')) show(loading());
    // The schema comes with zod/mini on demand; the request does not wait for it (src/client/api.ts).
    const schema = import('../domain/booking-types.ts').then((m) => m.BookingTypesResponseSchema);
    const result = await api('/cms/booking-types', { schema, timeoutMs: BOOKING_TYPES_TIMEOUT_MS });
    // Contract §4: only status 200 lets the data be used.
    if (result.status === 200 && result.data) {
      show(loaded(sortBookingTypes(result.data)));
      return;
    }
    // The internal message of contract §8, as a warning: the failure is handled and the visitor is told
    // (a slow answer is one), so it is no error of the page's.
    console.warn(`${result.error ?? `status ${result.status}`} - it seems that we couldn't load available bookings properly.`);
    show(offline());
  };

  // Back online after a failure: try again without making the visitor reload.
  window.addEventListener('online', () => {
    if (current.classList.contains('prices--offline')) void load();
  });
  void load();
}
