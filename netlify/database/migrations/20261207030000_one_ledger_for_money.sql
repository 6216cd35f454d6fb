-- One ledger for money (issue 29, docs/decisions/100-one-ledger-for-money.md).
--
-- money_movements was already the accounts' rows, but most of them were written by a trigger that
-- guessed what had moved from the changes to a booking's running totals: it dated a deposit by
-- updated_at, could not say which Stripe object carried the money, and never saw money that did not
-- change those totals (a balance paid by link after the counter had taken it). From here on the
-- table is written by one server module only (src/server/money/ledger.ts, recordMoney), in the same
-- transaction as the change that moved the money, and every report reads it.

DROP TRIGGER bookings_record_money ON bookings;
DROP FUNCTION record_money_movements();

-- How the money came or went. 'link' is a payment link staff sent (the balance, decision 096, or a
-- no-show fee the bank wanted approved, decision 081); 'online' the booking's own Stripe page (the
-- deposit) or a fee charged to the card saved with it.
ALTER TABLE money_movements DROP CONSTRAINT money_movements_method_check;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_method_check
  CHECK (method IN ('online', 'link', 'card', 'cash'));
UPDATE money_movements SET method = 'link' WHERE kind = 'balance' AND method = 'online';
UPDATE money_movements m SET method = 'link'
  FROM no_show_fees f
 WHERE f.booking_id = m.booking_id AND m.kind IN ('fee', 'fee_refund') AND f.link_session_id IS NOT NULL
   AND f.status IN ('paid', 'refunded');

-- A balance paid by link given back (in Stripe's Dashboard): money out, with the refunds.
ALTER TABLE money_movements DROP CONSTRAINT money_movements_kind_check;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_kind_check
  CHECK (kind IN ('deposit', 'refund', 'balance', 'balance_refund', 'fee', 'fee_refund', 'chargeback', 'chargeback_reversal'));

-- The Stripe object the money moved by (a payment intent, a refund, a dispute, a session when the
-- payment intent is not known), and who moved it: a member of staff at the counter, null for the
-- owner or Stripe.
ALTER TABLE money_movements ADD COLUMN stripe_ref text CHECK (length(stripe_ref) <= 255);
ALTER TABLE money_movements ADD COLUMN created_by text REFERENCES customers (id) ON DELETE SET NULL;

-- Chargebacks kept their dispute in a column of their own: it becomes their stripe_ref.
UPDATE money_movements SET stripe_ref = stripe_dispute WHERE stripe_dispute IS NOT NULL;
DROP INDEX money_movements_dispute_once_idx;
ALTER TABLE money_movements DROP CONSTRAINT money_movements_dispute_kind;
ALTER TABLE money_movements DROP COLUMN stripe_dispute;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_dispute_has_ref
  CHECK (kind NOT IN ('chargeback', 'chargeback_reversal') OR stripe_ref IS NOT NULL);

-- The references the rows already written can be given: the first deposit of a booking is its
-- payment intent's, a fee's its fee's payment, a balance by link its paid link's. (Refund rows the
-- trigger wrote may sum several Stripe refunds: they keep no reference.)
UPDATE money_movements m SET stripe_ref = r.ref
  FROM (SELECT DISTINCT ON (b.stripe_payment_intent) m.id, b.stripe_payment_intent AS ref
          FROM money_movements m JOIN bookings b ON b.id = m.booking_id
         WHERE m.kind = 'deposit' AND m.pence > 0 AND b.stripe_payment_intent IS NOT NULL
         ORDER BY b.stripe_payment_intent, m.id) r
 WHERE m.id = r.id;
UPDATE money_movements m SET stripe_ref = r.ref
  FROM (SELECT DISTINCT ON (f.payment_intent) m.id, f.payment_intent AS ref
          FROM money_movements m JOIN no_show_fees f ON f.booking_id = m.booking_id
         WHERE m.kind = 'fee' AND m.pence > 0 AND f.payment_intent IS NOT NULL
         ORDER BY f.payment_intent, m.id) r
 WHERE m.id = r.id;
UPDATE money_movements m SET stripe_ref = r.ref
  FROM (SELECT DISTINCT ON (coalesce(l.payment_intent, l.session_id)) m.id, coalesce(l.payment_intent, l.session_id) AS ref
          FROM money_movements m JOIN balance_links l ON l.booking_id = m.booking_id
         WHERE m.kind = 'balance' AND m.method = 'link' AND m.pence > 0 AND l.status = 'paid' AND NOT l.paid_twice
           AND coalesce(l.payment_intent, l.session_id) IS NOT NULL
         ORDER BY coalesce(l.payment_intent, l.session_id), m.id) r
 WHERE m.id = r.id;

-- Money the trigger never saw: a balance paid by link after the counter had taken it was taken by
-- Stripe all the same (staff were told to give one back), so it is takings until it is refunded.
INSERT INTO money_movements (booking_id, kind, method, pence, at, stripe_ref)
  SELECT l.booking_id, 'balance', 'link', l.pence, l.paid_at, coalesce(l.payment_intent, l.session_id)
    FROM balance_links l
   WHERE l.status = 'paid' AND l.paid_twice AND l.paid_at IS NOT NULL;

-- Once per Stripe object, kind and way: a replayed event, or two events about one payment, cannot
-- write a second row (a refund that later failed writes its money coming back, the other way).
CREATE UNIQUE INDEX money_movements_stripe_once_idx ON money_movements (stripe_ref, kind, (pence > 0))
  WHERE stripe_ref IS NOT NULL;
