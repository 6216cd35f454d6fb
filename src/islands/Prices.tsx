import { startTransition, useCallback, useEffect, useId, useState } from 'react';
import { BOOKING_TYPES_TIMEOUT_MS, callApi } from '../client/api.ts';
import * as apiRoutes from '../domain/api-routes.ts';
import { BookingTypesResponseSchema, sortBookingTypes, type BookingType } from '../domain/booking-types.ts';
import { SIZE_LABELS } from '../domain/catalogue.ts';
import { poundsFromPence } from '../domain/money.ts';
import { serviceMinutes } from '../domain/service-list.ts';
import { writtenPrice } from '../domain/service-descriptions.ts';
import './prices.css';

/** Contract §9: services shown off the prices page. */
export const SERVICES_OFF_PRICES_PAGE = 3;

export interface PricesProps {
  /** Every service (the /prices page); otherwise the first 3 and a link to the rest. */
  all?: boolean;
  /** The number to call for prices when the list cannot load. */
  phone: { display: string; e164: string };
  /** Rows to reserve height for before the list arrives, so nothing below it moves. */
  reserveRows: number;
  /** Of those, the rows with a price per size, whose extra line is reserved too. */
  reserveSizedRows?: number;
  /** The offline heading's level, one below the section's own heading (h1 on /prices, h2 elsewhere). */
  headingLevel?: 2 | 3;
}

type State = { kind: 'loading' } | { kind: 'offline' } | { kind: 'loaded'; services: BookingType[] };

/** The prices list of contract §2/§4: loading, then the offline message or the services. */
export default function Prices({
  all = false,
  phone,
  reserveRows,
  reserveSizedRows = 0,
  headingLevel = 3,
}: PricesProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const name = useId();

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ kind: 'loading' });
    const result = await callApi(apiRoutes.bookingTypes, {
      schema: BookingTypesResponseSchema,
      timeoutMs: BOOKING_TYPES_TIMEOUT_MS,
      signal,
    });
    if (signal?.aborted) return;
    // Contract §4: only status 200 lets the data be used.
    if (result.status === 200 && result.data) {
      const services = sortBookingTypes(result.data);
      // Drawn as a transition: React renders the list in slices between the browser's own work instead
      // of one long task a phone's visitor would feel as a stuck page (Lighthouse's blocking time).
      startTransition(() => setState({ kind: 'loaded', services }));
      return;
    }
    // The internal message of contract §8, as a warning: the failure is handled and the visitor is told
    // (a slow answer is one), so it is no error of the page's.
    console.warn(
      `${result.error ?? `status ${result.status}`} - it seems that we couldn't load available bookings properly.`,
    );
    setState({ kind: 'offline' });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Back online after a failure: try again without making the visitor reload.
  useEffect(() => {
    if (state.kind !== 'offline') return;
    const retry = () => void load();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state.kind, load]);

  const style = { '--reserve-rows': reserveRows, '--reserve-sized-rows': reserveSizedRows } as React.CSSProperties;

  if (state.kind === 'loading') {
    return (
      <div className="prices prices--loading" style={style} aria-busy="true">
        <p role="status" className="prices__status">
          Please wait, loading prices..
        </p>
      </div>
    );
  }

  if (state.kind === 'offline') {
    const Heading = `h${headingLevel}` as const;
    return (
      <div className="prices prices--offline" style={style} role="alert">
        <Heading>Prices Service Currently Offline</Heading>
        <p>
          We are currently unable to show our prices online due to a network error; we're really sorry for any
          inconvenience this causes.
        </p>
        <p>
          Please reload the page to try again, or call us on <a href={`tel:${phone.e164}`}>{phone.display}</a> or{' '}
          <a href="/contact">contact us</a> for our prices.
        </p>
        <button type="button" className="button button--ghost" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }

  const shown = all ? state.services : state.services.slice(0, SERVICES_OFF_PRICES_PAGE);
  return (
    <div className="prices" style={style}>
      <fieldset className="prices__list">
        <legend className="visually-hidden">Our services: choose one to see what it includes</legend>
        {shown.map((service) => {
          const id = `${name}-${service._id}`;
          const open = chosen === service._id;
          return (
            <div key={service._id} className={`prices__row${open ? ' prices__row--open' : ''}`}>
              <input
                type="radio"
                id={id}
                name={name}
                value={service._id}
                checked={open}
                onChange={() => setChosen(service._id)}
                aria-controls={`${id}-details`}
                className="prices__radio"
              />
              <label htmlFor={id} className="prices__summary">
                <span className="prices__title">{service.title}</span>
                <span className="prices__price">From: £{poundsFromPence(service.price)}</span>
                <span className="prices__duration">Duration: {serviceMinutes(service)} min.</span>
              </label>
              <SizePrices service={service} />
              <div id={`${id}-details`} className="prices__details" hidden={!open}>
                {open && (
                  <>
                    {/* Sanitised on the server (sanitize-html) before it is stored. */}
                    <div className="prices__description" dangerouslySetInnerHTML={{ __html: service.description }} />
                    {/* A text link like "see all": the prices page has one button, its "Book Now"; both words are the spec's. */}
                    <a
                      className="prices__book"
                      href={`/book-appointment?type=${encodeURIComponent(service._id)}`}
                      aria-label={`book now: ${service.title}`}
                    >
                      book now<span aria-hidden="true"> →</span>
                    </a>
                  </>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      {!all && (
        <p className="prices__more">
          <a href="/prices">
            Showing {shown.length} out of {state.services.length} services, see all
          </a>
        </p>
      )}
    </div>
  );
}

/**
 * Each size's price, shown on the row itself (issue 20: without opening it), the weights of each size
 * beside it: "Small £45 up to 10 kg · Medium £55 over 10 kg, up to 25 kg · Large £70 over 25 kg".
 */
function SizePrices({ service }: { service: BookingType }) {
  if (!service.sizes?.length) return null;
  return (
    <ul className="prices__sizes" aria-label={`${service.title} by size`}>
      {service.sizes.map((s) => (
        <li key={s.size}>
          <span className="prices__size">
            {SIZE_LABELS[s.size]} {writtenPrice(s.price)}
          </span>{' '}
          <span className="prices__weights">{s.weights}</span>
        </li>
      ))}
    </ul>
  );
}
