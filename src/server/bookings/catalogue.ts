import {
  extrasFor,
  pickExtras,
  serviceForSize,
  sizeOfDog,
  visitMinutes,
  type CatalogueService,
  type Extra,
  type Size,
  type SizedService,
} from '../../domain/catalogue.ts';
import type { BookingSettings } from '../../domain/booking-settings.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../http.ts';

/**
 * The catalogue as a booking reads it (docs/decisions/080-sizes-and-extras.md): a service with its
 * sizes, the extras offered with it, and what one dog's visit is: its size, price basis, extras and
 * length. The quote, the times offered and the booking itself all plan the visit here, so the price
 * shown, the deposit, the schedule's length and Finances agree.
 */

export interface VisitAsked {
  serviceId: string;
  weightKg?: number | undefined;
  breedId?: string | undefined;
  extraIds?: readonly string[] | undefined;
}

export interface PlannedVisit {
  service: CatalogueService;
  sized: SizedService;
  /** The extras offered with the service, in catalogue order. */
  offered: Extra[];
  /** The extras asked for, each once, in catalogue order. */
  extras: Extra[];
  durationMin: number;
}

export async function loadService(tx: Tx, id: string): Promise<CatalogueService | null> {
  const { rows } = await tx.query<{
    id: string;
    title: string;
    kind: string;
    price_pence: number;
    duration_min: number;
    sizes: { size: Size; price_pence: number; duration_min: number }[] | null;
  }>(
    `SELECT t.id, t.title, t.kind, t.price_pence, t.duration_min,
            (SELECT json_agg(json_build_object('size', z.size, 'price_pence', z.price_pence, 'duration_min', z.duration_min))
               FROM service_sizes z WHERE z.service_id = t.id) AS sizes
       FROM booking_types t WHERE t.id = $1 AND t.active`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    pricePence: row.price_pence,
    durationMin: row.duration_min,
    sizes: (row.sizes ?? []).map((z) => ({ size: z.size, pricePence: z.price_pence, durationMin: z.duration_min })),
  };
}

/** The extras on sale, in catalogue order. */
export async function loadExtras(tx: Tx): Promise<Extra[]> {
  const { rows } = await tx.query<{
    id: string;
    title: string;
    price_pence: number;
    duration_min: number;
    only_with: string[];
  }>(`SELECT id, title, price_pence, duration_min, only_with FROM extras WHERE active ORDER BY display_order, id`);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    pricePence: r.price_pence,
    durationMin: r.duration_min,
    onlyWith: r.only_with,
  }));
}

async function usualSize(tx: Tx, breedId: string | undefined): Promise<Size | null> {
  if (breedId === undefined) return null;
  const { rows } = await tx.query<{ usual_size: Size | null }>('SELECT usual_size FROM breeds WHERE id = $1', [
    breedId,
  ]);
  return rows[0]?.usual_size ?? null;
}

/** A service not on sale: 404 to a question about it, 400 to a booking that asks for it. */
export function serviceNotSold(status: 400 | 404): HttpError {
  return new HttpError(status, 'We do not offer that service. Please choose one from the list.', {
    code: status === 400 ? 'invalid' : 'not_found',
  });
}

/**
 * One dog's visit as asked: null for a service not sold; an extra not offered with the service is a
 * 400 naming it, never dropped in silence (the booker would pay for less than they chose).
 */
export async function planVisit(tx: Tx, asked: VisitAsked, settings: BookingSettings): Promise<PlannedVisit | null> {
  const [service, extrasOnSale, usual] = await Promise.all([
    loadService(tx, asked.serviceId),
    loadExtras(tx),
    asked.weightKg === undefined ? usualSize(tx, asked.breedId) : Promise.resolve(null),
  ]);
  if (!service) return null;
  const offered = extrasFor(extrasOnSale, service.id);
  const { extras, refused } = pickExtras(offered, asked.extraIds ?? []);
  if (refused.length > 0)
    throw new HttpError(
      400,
      `We do not offer ${refused.length === 1 ? 'that extra' : 'those extras'} with ${service.title}. Please choose from the list.`,
      { code: 'invalid' },
    );
  const sized = serviceForSize(service, sizeOfDog(asked.weightKg, settings.sizeLimitsKg, usual));
  return { service, sized, offered, extras, durationMin: visitMinutes(sized, extras) };
}

/**
 * Each dog's visit of a booking of several, planned as one dog's is, in the booking's order; null
 * when one asks for a service not sold. The shop's limit on dogs is the caller's to check first.
 */
export async function planVisits(
  tx: Tx,
  asked: readonly VisitAsked[],
  settings: BookingSettings,
): Promise<PlannedVisit[] | null> {
  const visits: PlannedVisit[] = [];
  for (const one of asked) {
    const visit = await planVisit(tx, one, settings);
    if (!visit) return null;
    visits.push(visit);
  }
  return visits;
}
