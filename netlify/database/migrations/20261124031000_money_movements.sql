-- The accounts' own record of money (docs/decisions/061-staff-records.md): every deposit taken online, every
-- refund of one, every balance taken in the shop by card or cash, as a row with its date. A booking
-- keeps only running totals (deposit_paid_pence, deposit_refunded_pence, balance_paid_pence), which
-- cannot say on which day a refund went out; these rows can, and they stay when a customer is erased
-- (amounts, dates and booking ids only).
--
-- Written by a trigger on `bookings`, so every path that moves money (the webhook, the reconciler,
-- a cancellation's refund, a staff refund, the counter's "paid") is recorded without knowing of it.
CREATE TABLE money_movements (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id   text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('deposit', 'refund', 'balance')),
  method       text NOT NULL CHECK (method IN ('online', 'card', 'cash')),
  -- Money in is positive, a refund or a correction negative.
  pence        integer NOT NULL CHECK (pence <> 0),
  at           timestamptz NOT NULL,
  recorded_at  timestamptz NOT NULL DEFAULT now()
);
-- Takings of a period, the CSV of a period, and the deposits of a period, newest first.
CREATE INDEX money_movements_at_idx ON money_movements (at, id);
CREATE INDEX money_movements_booking_idx ON money_movements (booking_id);

-- Dates: a deposit or refund when the booking row says it changed (updated_at, which every payment
-- path sets to its `now`); a balance on the day it was taken (balance_paid_at). A corrected balance
-- is reversed on the day it was first recorded and the new figure written on its own day, so the
-- takings of every day always equal what the bookings now say was taken that day.
CREATE FUNCTION record_money_movements() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_at timestamptz := now();
  old_deposit integer := 0;
  old_refunded integer := 0;
  old_balance integer := 0;
  old_method text;
  old_balance_at timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    old_deposit := OLD.deposit_paid_pence;
    old_refunded := OLD.deposit_refunded_pence;
    old_balance := OLD.balance_paid_pence;
    old_method := OLD.balance_method;
    old_balance_at := OLD.balance_paid_at;
    IF NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
      changed_at := NEW.updated_at;
    END IF;
  ELSE
    changed_at := coalesce(NEW.updated_at, now());
  END IF;
  IF NEW.deposit_paid_pence <> old_deposit THEN
    INSERT INTO money_movements (booking_id, kind, method, pence, at)
      VALUES (NEW.id, 'deposit', 'online', NEW.deposit_paid_pence - old_deposit, changed_at);
  END IF;
  IF NEW.deposit_refunded_pence <> old_refunded THEN
    INSERT INTO money_movements (booking_id, kind, method, pence, at)
      VALUES (NEW.id, 'refund', 'online', old_refunded - NEW.deposit_refunded_pence, changed_at);
  END IF;
  IF NEW.balance_paid_pence <> old_balance OR NEW.balance_method IS DISTINCT FROM old_method
     OR (NEW.balance_paid_pence > 0 AND NEW.balance_paid_at IS DISTINCT FROM old_balance_at) THEN
    IF old_balance > 0 THEN
      INSERT INTO money_movements (booking_id, kind, method, pence, at)
        VALUES (NEW.id, 'balance', old_method, -old_balance, coalesce(old_balance_at, changed_at));
    END IF;
    IF NEW.balance_paid_pence > 0 THEN
      INSERT INTO money_movements (booking_id, kind, method, pence, at)
        VALUES (NEW.id, 'balance', NEW.balance_method, NEW.balance_paid_pence, coalesce(NEW.balance_paid_at, changed_at));
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER bookings_record_money AFTER INSERT OR UPDATE OF deposit_paid_pence, deposit_refunded_pence, balance_paid_pence, balance_method, balance_paid_at
  ON bookings FOR EACH ROW EXECUTE FUNCTION record_money_movements();

-- What was taken before this migration, dated as well as the rows allow.
INSERT INTO money_movements (booking_id, kind, method, pence, at)
  SELECT id, 'deposit', 'online', deposit_paid_pence, coalesce(confirmed_at, updated_at) FROM bookings WHERE deposit_paid_pence > 0;
INSERT INTO money_movements (booking_id, kind, method, pence, at)
  SELECT id, 'refund', 'online', -deposit_refunded_pence, updated_at FROM bookings WHERE deposit_refunded_pence > 0;
INSERT INTO money_movements (booking_id, kind, method, pence, at)
  SELECT id, 'balance', balance_method, balance_paid_pence, coalesce(balance_paid_at, updated_at) FROM bookings WHERE balance_paid_pence > 0;

-- Promotion usage of a period reads bookings by start through the existing bookings_start_idx.
