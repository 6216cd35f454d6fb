import { mergeRule, type CustomerExport, type Erased, type MergeCodeSent } from '../domain/customer-records.ts';
import type { PhoneProof } from '../domain/phone-codes.ts';
import { audit } from './audit.ts';
import { assertChangeable, customerRow, type CustomerRow } from './customer-records.ts';
import { db, transaction, type Tx } from './db.ts';
import { HttpError } from './http.ts';
import { clearCustomerPhotoKeys, deleteListedPhotoBlobs } from './photo-keeping.ts';
import { checkPhoneCode, requestPhoneCode, spendPhoneCode, type CheckedCode } from './phone-codes.ts';
import type { StaffMember } from './staff.ts';

/**
 * Two records of one person made one, and UK GDPR's export and erasure (docs/decisions/061-staff-records.md).
 *
 * Erasure keeps what the accounts must keep for six years (the privacy notice): each booking's
 * dates, service and money, and the money rows (money_movements), under the same ids. Everything
 * that says who the person is goes: their name, number, e-mail address and notes, their dogs'
 * details and weights, the contact typed on each booking, staff notes on their bookings, the device
 * keys, the messages sent to them, and the link from their bookings and visits to the website
 * statistics. Their waitlist requests are withdrawn and emptied in the same transaction
 * (docs/decisions/098): no list, page or freed time can name them or text them again. A person with
 * no bookings at all is deleted outright.
 */

/** Keys of a booking's audit rows that may name or describe the person (the other screens write them). */
const PERSONAL_AUDIT_KEYS = [
  'name',
  'phone',
  'email',
  'notes',
  'note',
  'staffNote',
  'staff_note',
  'contactName',
  'contact_name',
  'contactEmail',
  'contact_email',
  'contactPhone',
  'contact_phone',
  'reason',
];

/** The proved number a fresh code must come from for this pair, or null when the merge needs none. */
function numberToProve(into: CustomerRow, from: CustomerRow): string | null {
  const { proofFrom } = mergeRule(into, from);
  return proofFrom === null ? null : ((proofFrom === 'kept' ? into : from).phone ?? null);
}

const NEEDS_PROOF =
  "Only one of these records has proved its number, and anyone can book with somebody else's number: merging them " +
  "could show one person's details to the other. Text a code to the proved number and type the code the customer " +
  'reads to you, or keep both records.';

function needsProof(phone: string | null): HttpError {
  return new HttpError(409, NEEDS_PROOF, { code: 'needs_proof', phone });
}

/**
 * Texts the code that lets staff merge a proved and an unproved record: to the proved number, whose
 * holder reads it out at the counter or on the phone (decision 068).
 */
export async function requestMergeCode(
  staff: StaffMember,
  intoId: string,
  fromId: string,
  request: { ip: string | null; siteUrl: string },
  now = new Date(),
): Promise<MergeCodeSent> {
  if (intoId === fromId) throw new HttpError(400, 'A record cannot be merged with itself.', { code: 'invalid' });
  const into = await customerRow(db(), intoId);
  const from = await customerRow(db(), fromId);
  assertChangeable(into);
  assertChangeable(from);
  const phone = numberToProve(into, from);
  if (!phone) throw new HttpError(409, 'These two records can be merged without a code.', { code: 'proof_not_needed' });
  const sent = await requestPhoneCode({ phone, purpose: 'merge', ...request, now });
  await transaction((tx) =>
    audit(tx, staff, 'customer.merge_code', 'customer', intoId, { after: { from: fromId, phone } }),
  );
  return { ...sent, phone };
}

export async function mergeCustomers(
  staff: StaffMember,
  intoId: string,
  fromId: string,
  options: { phoneProof?: PhoneProof } = {},
  now = new Date(),
) {
  if (intoId === fromId) throw new HttpError(400, 'A record cannot be merged with itself.', { code: 'invalid' });
  // A code is checked (and its try counted) before the transaction, as a booking's is.
  let proved: { phone: string; code: CheckedCode } | null = null;
  if (options.phoneProof) {
    const phone = numberToProve(await customerRow(db(), intoId), await customerRow(db(), fromId));
    if (phone) proved = { phone, code: await checkPhoneCode(options.phoneProof, phone, 'merge', now) };
  }
  return transaction(async (tx) => {
    // Both rows locked in one order, so two merges of the same pair cannot deadlock.
    await tx.query('SELECT id FROM customers WHERE id = ANY ($1) ORDER BY id FOR UPDATE', [[intoId, fromId]]);
    const into = await customerRow(tx, intoId);
    const from = await customerRow(tx, fromId);
    assertChangeable(into);
    assertChangeable(from);
    const rule = mergeRule(into, from);
    const toProve = numberToProve(into, from);
    if (rule.proofFrom !== null && (toProve === null || toProve !== proved?.phone)) throw needsProof(toProve);
    if (proved && rule.proofFrom !== null) await spendPhoneCode(tx, proved.code, now);

    // Dogs: one of the same name becomes the same dog (its visits and weights join it); others move over.
    const { rows: dogs } = await tx.query<{ id: string; name: string; twin: string | null }>(
      `SELECT d.id, d.name, (SELECT t.id FROM dogs t WHERE t.customer_id = $1 AND lower(t.name) = lower(d.name)) AS twin
         FROM dogs d WHERE d.customer_id = $2 AND d.erased_at IS NULL`,
      [intoId, fromId],
    );
    let dogsMerged = 0;
    for (const dog of dogs) {
      if (!dog.twin) {
        await tx.query('UPDATE dogs SET customer_id = $2, updated_at = $3 WHERE id = $1', [dog.id, intoId, now]);
        continue;
      }
      dogsMerged++;
      await tx.query('UPDATE bookings SET dog_id = $2 WHERE dog_id = $1', [dog.id, dog.twin]);
      await tx.query('UPDATE dog_weights SET dog_id = $2 WHERE dog_id = $1', [dog.id, dog.twin]);
      // What the kept dog's card lacks, the other's fills.
      await tx.query(
        `UPDATE dogs t SET temperament = CASE WHEN t.temperament = '' THEN d.temperament ELSE t.temperament END,
                vet_name = COALESCE(t.vet_name, d.vet_name), vet_phone = COALESCE(t.vet_phone, d.vet_phone),
                vaccinations = CASE WHEN t.vaccinations = '[]'::jsonb THEN d.vaccinations ELSE t.vaccinations END, updated_at = $3
           FROM dogs d WHERE t.id = $2 AND d.id = $1`,
        [dog.id, dog.twin, now],
      );
      await tx.query('DELETE FROM dogs WHERE id = $1', [dog.id]);
    }
    const visits = await tx.query('UPDATE bookings SET customer_id = $2 WHERE customer_id = $1', [fromId, intoId]);
    // Their waitlist requests follow them (decision 098): else the absorbed record's delete would
    // leave them nobody's, out of the merged record's export and erasure.
    await tx.query('UPDATE waitlist_requests SET customer_id = $2 WHERE customer_id = $1', [fromId, intoId]);
    // Nobody's device is handed the other record (decision 068): the absorbed record's keys go with
    // it, and the kept record's stay only if it had proved its number. Its visits to the website
    // stay in the statistics, linked to nobody.
    const { rows: absorbedKeys } = await tx.query<{ live: boolean }>(
      'DELETE FROM access_keys WHERE customer_id = $1 RETURNING revoked_at IS NULL AS live',
      [fromId],
    );
    const { rows: keptKeys } = rule.keptKeysStay
      ? { rows: [] }
      : await tx.query(
          `UPDATE access_keys SET revoked_at = $2 WHERE customer_id = $1 AND kind = 'device' AND revoked_at IS NULL RETURNING id`,
          [intoId, now],
        );
    const devicesSignedOut = absorbedKeys.filter((k) => k.live).length + keptKeys.length;
    await tx.query('UPDATE visit_sessions SET customer_id = NULL WHERE customer_id = $1', [fromId]);
    // One review request per person, ever (decision 095): one sent to either record counts for both.
    await tx.query(
      `UPDATE review_requests SET customer_id = $2
        WHERE customer_id = $1 AND NOT EXISTS (SELECT 1 FROM review_requests WHERE customer_id = $2)`,
      [fromId, intoId],
    );
    // The number's proof goes with the number: kept when the merged record keeps that number. A code
    // typed for this merge proves the number it came from, which the merged record keeps.
    const phone = proved?.phone ?? into.phone ?? from.phone;
    const verified =
      proved !== null || (into.verified && into.phone === phone) || (from.verified && from.phone === phone);
    await tx.query('DELETE FROM customers WHERE id = $1', [fromId]);
    await tx.query(
      `UPDATE customers SET name = COALESCE(name, $2), phone = $3, email = COALESCE(email, $4),
              notes = CASE WHEN $5 = '' THEN notes WHEN notes = '' THEN $5 ELSE notes || E'\\n\\n' || $5 END,
              phone_verified_at = CASE WHEN $6 THEN COALESCE(phone_verified_at, $7) END, updated_at = $7
        WHERE id = $1`,
      [intoId, from.name, phone, from.email, from.notes, verified, now],
    );
    const snapshot = (r: typeof into) => ({
      name: r.name,
      phone: r.phone,
      email: r.email,
      verified: r.verified,
      notes: r.notes,
    });
    await audit(tx, staff, 'customer.merge', 'customer', intoId, {
      before: { kept: snapshot(into), merged: { id: fromId, ...snapshot(from) } },
      after: {
        ...snapshot(await customerRow(tx, intoId)),
        dogsMerged,
        visitsMoved: visits.rowCount ?? 0,
        devicesSignedOut,
        provedBy: proved ? 'code' : null,
      },
    });
    return { customer: intoId, merged: fromId, dogsMerged, visitsMoved: visits.rowCount ?? 0, devicesSignedOut };
  });
}

export async function eraseCustomer(staff: StaffMember, id: string, now = new Date()): Promise<Erased> {
  let photoKeys: string[] = [];
  const result = await transaction(async (tx) => {
    const row = await customerRow(tx, id, true);
    assertChangeable(row);
    const {
      rows: [open],
    } = await tx.query<{ upcoming: number; owed: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('confirmed', 'pending_payment') AND end_at > $2)::int AS upcoming,
              count(*) FILTER (WHERE refund_due_pence > 0)::int AS owed
         FROM bookings WHERE customer_id = $1`,
      [id, now],
    );
    if (open!.upcoming > 0) {
      throw new HttpError(
        409,
        `They have ${open!.upcoming} ${open!.upcoming === 1 ? 'appointment' : 'appointments'} to come: cancel ${open!.upcoming === 1 ? 'it' : 'them'} first.`,
        { code: 'upcoming' },
      );
    }
    if (open!.owed > 0)
      throw new HttpError(409, 'A refund to them is still on its way: erase once it has gone through.', {
        code: 'refund_owed',
      });

    const { rows: bookingRows } = await tx.query<{ id: string }>('SELECT id FROM bookings WHERE customer_id = $1', [
      id,
    ]);
    const bookingIds = bookingRows.map((b) => b.id);
    const { rows: dogRows } = await tx.query<{ id: string; booked: boolean }>(
      'SELECT d.id, EXISTS (SELECT 1 FROM bookings b WHERE b.dog_id = d.id) AS booked FROM dogs d WHERE d.customer_id = $1',
      [id],
    );
    const dogIds = dogRows.map((d) => d.id);

    // Their waitlist requests first: erasing the record alone would leave them nobody's (decision 098).
    const waitlist = await eraseWaitlistRequests(tx, id, row.phone, now);
    const recipients = [row.phone, row.email, ...waitlist.recipients].filter((r): r is string => Boolean(r));
    const messages = await tx.query(
      `DELETE FROM outbox WHERE booking_id = ANY ($1)
          OR (booking_id IS NULL AND lower(recipient) = ANY ($2::text[]))`,
      [bookingIds, recipients.map((r) => r.toLowerCase())],
    );
    const keys = await tx.query('DELETE FROM access_keys WHERE customer_id = $1', [id]);
    if (row.phone) await tx.query('DELETE FROM phone_codes WHERE phone = $1', [row.phone]);
    await tx.query('UPDATE visit_sessions SET customer_id = NULL WHERE customer_id = $1', [id]);
    await scrubAudit(tx, id, dogIds, bookingIds, waitlist.ids);

    if (bookingIds.length === 0) {
      // Nothing the accounts keep: the person goes whole (dogs, weights and search terms cascade).
      await tx.query('DELETE FROM customers WHERE id = $1', [id]);
    } else {
      await tx.query(
        `UPDATE bookings SET contact_name = 'Erased', contact_email = '', contact_phone = NULL, staff_note = NULL, session_id = NULL,
                device_key_sealed = NULL, request_hash = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), updated_at = $2
          WHERE customer_id = $1`,
        [id, now],
      );
      // What was said at the counter (decision 091) is the person's; that a surcharge was agreed, and its
      // sum, stay with the accounts. The photos' keys go, their blobs after the commit (decision 095).
      photoKeys = await clearCustomerPhotoKeys(tx, id, now);
      await tx.query(
        `UPDATE check_ins SET condition = '', instructions = '',
                consent_name = CASE WHEN consent_name IS NULL THEN NULL ELSE 'Erased' END
          WHERE booking_id = ANY ($1)`,
        [bookingIds],
      );
      // A report card is all about the dog and what was seen on it (decision 094): none of it is the accounts'.
      await tx.query('DELETE FROM report_cards WHERE booking_id = ANY ($1)', [bookingIds]);
      // A drawn signature is the person's too, and a consent link leads to their dog (decision 093).
      await tx.query('UPDATE check_ins SET consent_signature = NULL WHERE booking_id = ANY ($1)', [bookingIds]);
      await tx.query('DELETE FROM consent_links WHERE booking_id = ANY ($1)', [bookingIds]);
      await tx.query('DELETE FROM dogs WHERE customer_id = $1 AND NOT (id = ANY ($2))', [
        id,
        dogRows.filter((d) => d.booked).map((d) => d.id),
      ]);
      await tx.query('DELETE FROM dog_weights WHERE dog_id = ANY ($1)', [dogIds]);
      await tx.query(
        `UPDATE dogs SET name = NULL, breed_id = NULL, weight_kg = NULL, coat = NULL, notes = '', nervous = false, temperament = '',
                vet_name = NULL, vet_phone = NULL, vaccinations = '[]'::jsonb, erased_at = $2, updated_at = $2
          WHERE customer_id = $1`,
        [id, now],
      );
      await tx.query(
        `UPDATE customers SET name = NULL, phone = NULL, email = NULL, notes = '', marketing_consent = false, phone_verified_at = NULL,
                erased_at = $2, updated_at = $2 WHERE id = $1`,
        [id, now],
      );
    }
    const erased: Erased = {
      customer: id,
      erasedAt: now.toISOString(),
      dogs: dogIds.length,
      messages: messages.rowCount ?? 0,
      deviceKeys: keys.rowCount ?? 0,
      visitsKept: bookingIds.length,
      waitlistRequests: waitlist.ids.length,
    };
    await audit(tx, staff, 'customer.erase', 'customer', id, { after: { ...erased, customer: undefined } });
    return erased;
  });
  // Never inside the transaction: a deleted blob is not brought back by a rollback. What fails here
  // stays listed for the next retention run; the erasure itself has happened.
  if (photoKeys.length > 0) {
    try {
      await deleteListedPhotoBlobs({ keys: photoKeys });
    } catch (error) {
      console.warn('erasure: photo blobs left for the next retention run', error);
    }
  }
  return result;
}

/**
 * A person's waitlist requests: those of their record, and those made with their number (a request is
 * made with a number proved by a code, decision 084, whether or not a record had it then). Withdrawn
 * if still waiting, each open offer declined so the offer job passes its time on, and emptied of who
 * asked and for which dog; the row, its service, dates and offers stay, as a booking's do
 * (docs/decisions/098). Taken in turn with the offer job, so a run that has already read a waiting
 * request cannot write an offer to it after the erasure.
 */
async function eraseWaitlistRequests(
  tx: Tx,
  customerId: string,
  phone: string | null,
  now: Date,
): Promise<{ ids: string[]; recipients: string[] }> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('waitlist offers'))`);
  const { rows } = await tx.query<{ id: string; phone: string | null; email: string | null }>(
    `SELECT id, phone, email FROM waitlist_requests
      WHERE (customer_id = $1 OR ($2::text IS NOT NULL AND phone = $2)) AND erased_at IS NULL
      ORDER BY id FOR UPDATE`,
    [customerId, phone],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids, recipients: [] };
  await tx.query(
    `UPDATE waitlist_offers SET status = 'declined', answered_at = $2 WHERE request_id = ANY ($1) AND status = 'open'`,
    [ids, now],
  );
  await tx.query(
    `UPDATE waitlist_requests
        SET status = CASE WHEN status = 'waiting' THEN 'withdrawn' ELSE status END,
            dog = '{}'::jsonb, dogs = NULL, extras = '{}', contact_name = 'Erased', phone = NULL, email = NULL,
            notify_text = true, notify_email = false,
            idempotency_key = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
            request_hash = encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'),
            erased_at = $2, updated_at = $2
      WHERE id = ANY ($1)`,
    [ids, now],
  );
  return { ids, recipients: rows.flatMap((r) => [r.phone, r.email]).filter((r): r is string => Boolean(r)) };
}

/** Audit rows keep who did what and when, not what the person was called or what was written about them. */
async function scrubAudit(
  tx: Tx,
  customerId: string,
  dogIds: string[],
  bookingIds: string[],
  waitlistIds: string[],
): Promise<void> {
  await tx.query(
    `UPDATE audit_log SET before = NULL, after = NULL
      WHERE (entity = 'customer' AND entity_id = $1) OR (entity = 'dog' AND entity_id = ANY ($2))
         OR (entity = 'waitlist_request' AND entity_id = ANY ($3))`,
    [customerId, dogIds, waitlistIds],
  );
  await tx.query(
    `UPDATE audit_log SET before = CASE WHEN jsonb_typeof(before) = 'object' THEN before - $2::text[] ELSE before END,
                          after = CASE WHEN jsonb_typeof(after) = 'object' THEN after - $2::text[] ELSE after END
      WHERE entity = 'booking' AND entity_id = ANY ($1)`,
    [bookingIds, PERSONAL_AUDIT_KEYS],
  );
}

/** Everything held about the person, for a subject access request: every table's rows about them. */
export async function exportCustomer(staff: StaffMember, id: string, now = new Date()): Promise<CustomerExport> {
  const tx = db();
  const row = await customerRow(tx, id);
  const rows = async (sql: string, params: unknown[]) =>
    (await tx.query(sql, params)).rows as Record<string, unknown>[];
  const [customer] = await rows(
    `SELECT id, name, phone, email, phone_verified_at, marketing_consent, marketing_opted_out_at, notes, created_at, updated_at, erased_at,
            (SELECT r.created_at FROM review_requests r WHERE r.customer_id = customers.id) AS review_requested_at
       FROM customers WHERE id = $1`,
    [id],
  );
  const dogs = await rows(
    `SELECT d.id, d.name, b.name AS breed, d.weight_kg, d.coat, d.notes, d.nervous, d.temperament, d.vet_name, d.vet_phone, d.vaccinations,
            d.created_at, d.updated_at,
            (SELECT coalesce(json_agg(json_build_object('weight_kg', w.weight_kg, 'recorded_at', w.recorded_at) ORDER BY w.recorded_at), '[]'::json)
               FROM dog_weights w WHERE w.dog_id = d.id) AS weights
       FROM dogs d LEFT JOIN breeds b ON b.id = d.breed_id WHERE d.customer_id = $1 ORDER BY d.created_at`,
    [id],
  );
  const bookings = await rows(
    `SELECT b.id, s.title AS service, d.name AS dog, b.start_at, b.end_at, b.status, b.attendance, b.quote, b.price_from_pence, b.promotion_pence,
            b.deposit_pence, b.deposit_paid_pence, b.deposit_refunded_pence, b.refund_due_pence, b.balance_paid_pence, b.balance_method,
            b.balance_paid_at, b.contact_name, b.contact_email, b.contact_phone, b.phone_proven, b.source, b.staff_note, b.status_note,
            b.created_at, b.confirmed_at, b.cancelled_at, b.arrived_at, b.completed_at
       FROM bookings b JOIN booking_types s ON s.id = b.service_id LEFT JOIN dogs d ON d.id = b.dog_id
      WHERE b.customer_id = $1 ORDER BY b.start_at`,
    [id],
  );
  const payments = await rows(
    `SELECT m.booking_id, m.kind, m.method, m.pence, m.at FROM money_movements m JOIN bookings b ON b.id = m.booking_id
      WHERE b.customer_id = $1 ORDER BY m.at, m.id`,
    [id],
  );
  // Their waitlist requests (decision 098): of their record or made with their number, with every offer made.
  const waitlistRequests = await rows(
    `SELECT r.id, t.title AS service, r.dog, r.dogs, r.extras, to_char(r.from_date, 'YYYY-MM-DD') AS from_date,
            to_char(r.to_date, 'YYYY-MM-DD') AS to_date, r.weekdays, r.parts, r.contact_name, r.phone, r.email,
            r.notify_text, r.notify_email, r.status, r.booking_id, r.created_at, r.updated_at,
            (SELECT coalesce(json_agg(json_build_object('start_at', o.start_at, 'end_at', o.end_at, 'status', o.status,
                                      'offered_at', o.offered_at, 'expires_at', o.expires_at, 'answered_at', o.answered_at,
                                      'booking_id', o.booking_id) ORDER BY o.offered_at, o.id), '[]'::json)
               FROM waitlist_offers o WHERE o.request_id = r.id) AS offers
       FROM waitlist_requests r JOIN booking_types t ON t.id = r.service_id
      WHERE r.customer_id = $1 OR ($2::text IS NOT NULL AND r.phone = $2)
      ORDER BY r.created_at, r.id`,
    [id, row.phone],
  );
  // Messages of their bookings, and those to them alone (codes, the waitlist's) at their number or an address they gave.
  const recipients = [row.phone, row.email, ...waitlistRequests.flatMap((r) => [r.phone, r.email])]
    .filter((r): r is string => typeof r === 'string' && r !== '')
    .map((r) => r.toLowerCase());
  const messages = await rows(
    `SELECT id, kind, channel, recipient, subject, body_text, created_at, sent_at, sent_via, failed_at,
            (SELECT coalesce(json_agg(a ->> 'filename'), '[]'::json) FROM jsonb_array_elements(attachments) a) AS attachments
       FROM outbox WHERE booking_id IN (SELECT id FROM bookings WHERE customer_id = $1)
          OR (booking_id IS NULL AND lower(recipient) = ANY ($2::text[]))
      ORDER BY id`,
    [id, [...new Set(recipients)]],
  );
  const visitsToTheWebsite = await rows(
    `SELECT v.id, v.landing_url, v.landing_path, v.campaign_source, v.user_agent, v.created_at, v.last_seen_at,
            (SELECT coalesce(json_agg(json_build_object('path', p.path, 'at', p.created_at) ORDER BY p.id), '[]'::json)
               FROM (SELECT * FROM page_views WHERE session_id = v.id ORDER BY id LIMIT 500) p) AS pages
       FROM visit_sessions v
      WHERE v.customer_id = $1 OR v.id IN (SELECT session_id FROM bookings WHERE customer_id = $1 AND session_id IS NOT NULL)
      ORDER BY v.created_at LIMIT 200`,
    [id],
  );
  const deviceKeys = await rows(
    `SELECT kind, label, created_at, last_used_at, expires_at, revoked_at FROM access_keys WHERE customer_id = $1 ORDER BY created_at`,
    [id],
  );
  const staffChanges = await rows(
    `SELECT a.at, a.action, a.before, a.after FROM audit_log a
      WHERE (a.entity = 'customer' AND a.entity_id = $1)
         OR (a.entity = 'dog' AND a.entity_id IN (SELECT id FROM dogs WHERE customer_id = $1))
         OR (a.entity = 'booking' AND a.entity_id IN (SELECT id FROM bookings WHERE customer_id = $1))
         OR (a.entity = 'waitlist_request' AND a.entity_id = ANY ($2::text[]))
      ORDER BY a.at, a.id`,
    [id, waitlistRequests.map((r) => r.id)],
  );
  await transaction((t) => audit(t, staff, 'customer.export', 'customer', id));
  return {
    exportedAt: now.toISOString(),
    about:
      'Everything Leyton Dog Grooming holds about this customer, as kept in our booking system (UK GDPR, right of access).',
    customer: customer!,
    dogs,
    bookings,
    payments,
    waitlistRequests,
    messages,
    visitsToTheWebsite,
    deviceKeys,
    staffChanges,
  };
}
