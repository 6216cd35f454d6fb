import type { WaitlistView } from '../../domain/waitlist.ts';
import { toldInWords, whatSuitsInWords, type Part } from '../../domain/waitlist-words.ts';
import { HttpError } from '../http.ts';
import type { Tx } from '../db.ts';

/**
 * A waitlist request as its page shows it (GET /v1.0.1/waitlist/{id}). One whose owner was erased
 * (docs/decisions/098) is found by nobody: its page, its withdraw and a replay answer as for no request.
 */

export const WAITLIST_NOT_FOUND = 'We could not find that waitlist request. Please check the link in our message.';

export interface WaitlistRow {
  id: string;
  status: WaitlistView['status'];
  service_id: string;
  service_title: string;
  dog: { name: string; breedId: string };
  breed_name: string | null;
  extras: string[];
  extra_titles: Array<{ id: string; title: string }> | null;
  /** A party's request: every dog with its breed's and service's names (docs/decisions/084 "Several dogs"). */
  party: Array<{ name: string; breed: string; service: string }> | null;
  from_date: string;
  to_date: string;
  weekdays: number[];
  parts: Part[];
  contact_name: string;
  phone: string;
  email: string | null;
  notify_text: boolean;
  notify_email: boolean;
  booking_id: string | null;
  created_at: Date;
  idempotency_key: string;
  request_hash: string;
}

export async function findWaitlistRequest(tx: Tx, id: string, lock = false): Promise<WaitlistRow | null> {
  const { rows } = await tx.query<WaitlistRow>(
    `SELECT w.id, w.status, w.service_id, t.title AS service_title, w.dog, b.name AS breed_name, w.extras,
            (SELECT json_agg(json_build_object('id', e.id, 'title', e.title) ORDER BY e.display_order, e.id)
               FROM extras e WHERE e.id = ANY (w.extras)) AS extra_titles,
            (SELECT json_agg(json_build_object('name', d.dog->'dog'->>'name', 'breed', COALESCE(pb.name, ''),
                                               'service', COALESCE(pt.title, '')) ORDER BY d.i)
               FROM jsonb_array_elements(w.dogs) WITH ORDINALITY AS d(dog, i)
               LEFT JOIN breeds pb ON pb.id = d.dog->'dog'->>'breedId'
               LEFT JOIN booking_types pt ON pt.id = d.dog->>'serviceId') AS party,
            to_char(w.from_date, 'YYYY-MM-DD') AS from_date, to_char(w.to_date, 'YYYY-MM-DD') AS to_date,
            w.weekdays::int[] AS weekdays, w.parts, w.contact_name, w.phone, w.email, w.notify_text, w.notify_email,
            w.booking_id, w.created_at, w.idempotency_key, w.request_hash
       FROM waitlist_requests w
       JOIN booking_types t ON t.id = w.service_id
       LEFT JOIN breeds b ON b.id = w.dog->>'breedId'
      WHERE w.id = $1 AND w.erased_at IS NULL${lock ? ' FOR UPDATE OF w' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export function waitlistView(row: WaitlistRow): WaitlistView {
  const suits = { from: row.from_date, to: row.to_date, weekdays: row.weekdays, parts: row.parts };
  return {
    id: row.id,
    status: row.status,
    service: { id: row.service_id, title: row.service_title },
    dog: { name: row.dog.name, breed: row.breed_name ?? '' },
    extras: row.extra_titles ?? [],
    ...(row.party ? { dogs: row.party } : {}),
    ...suits,
    suits: whatSuitsInWords(suits),
    told: toldInWords({ text: row.notify_text, email: row.notify_email }, row.phone),
    ownerName: row.contact_name,
    createdAt: row.created_at.toISOString(),
    ...(row.booking_id ? { bookingId: row.booking_id } : {}),
  };
}

export async function viewOrNotFound(tx: Tx, id: string): Promise<WaitlistView> {
  const row = await findWaitlistRequest(tx, id);
  if (!row) throw new HttpError(404, WAITLIST_NOT_FOUND, { code: 'not_found' });
  return waitlistView(row);
}
