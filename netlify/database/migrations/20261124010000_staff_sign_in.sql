-- Staff sign-in (docs/decisions/053-staff-sign-in-and-the-staff-api.md, 057-passkeys.md).

-- How long a staff key lives: `{ "keyIdleMinutes": n, "keyLifetimeDays": n }`, both optional
-- (src/domain/staff-settings.ts holds the defaults and validates what staff write). The bounds here
-- keep a hand-edited row from making keys immortal or instantly dead.
ALTER TABLE settings ADD COLUMN staff jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(staff) = 'object');
ALTER TABLE settings ADD CONSTRAINT settings_staff_key_idle CHECK (
  NOT (staff ? 'keyIdleMinutes') OR (jsonb_typeof(staff -> 'keyIdleMinutes') = 'number'
    AND (staff ->> 'keyIdleMinutes')::numeric BETWEEN 5 AND 43200
    AND (staff ->> 'keyIdleMinutes')::numeric = trunc((staff ->> 'keyIdleMinutes')::numeric))
);
ALTER TABLE settings ADD CONSTRAINT settings_staff_key_lifetime CHECK (
  NOT (staff ? 'keyLifetimeDays') OR (jsonb_typeof(staff -> 'keyLifetimeDays') = 'number'
    AND (staff ->> 'keyLifetimeDays')::numeric BETWEEN 1 AND 90
    AND (staff ->> 'keyLifetimeDays')::numeric = trunc((staff ->> 'keyLifetimeDays')::numeric))
);

-- The staff sign-in looks a number up among staff only.
CREATE INDEX customers_staff_phone_idx ON customers (phone) WHERE privileges = 2;
-- A staff member's live keys, revoked together when they sign out everywhere or leave.
CREATE INDEX access_keys_live_staff_idx ON access_keys (customer_id) WHERE kind = 'staff' AND revoked_at IS NULL;

-- Passkeys (WebAuthn credentials) of staff members. The public key is all the server needs to check
-- a signature; nothing here lets anyone sign in. `id` is ours (it appears in URLs); `credential_id`
-- is the authenticator's, base64url as the browser sends it.
CREATE TABLE staff_passkeys (
  id             text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  credential_id  text NOT NULL UNIQUE CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1400),
  customer_id    text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  public_key     bytea NOT NULL CHECK (octet_length(public_key) BETWEEN 32 AND 4096),
  counter        bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports     text[] NOT NULL DEFAULT '{}',
  -- The relying party the credential was made for (the site's host); it signs in only there.
  rp_id          text NOT NULL CHECK (length(rp_id) BETWEEN 1 AND 253),
  device_type    text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up      boolean NOT NULL DEFAULT false,
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz
);
CREATE INDEX staff_passkeys_customer_idx ON staff_passkeys (customer_id);

-- A WebAuthn challenge, bound to the ceremony that asked for it: functions keep nothing between calls,
-- so the challenge lives here for a few minutes and is used once. A registration challenge belongs to
-- the signed-in staff member who asked; a sign-in challenge to nobody yet.
CREATE TABLE webauthn_challenges (
  id           text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22,64}$'),
  purpose      text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
  challenge    text NOT NULL CHECK (challenge ~ '^[A-Za-z0-9_-]{16,128}$'),
  customer_id  text REFERENCES customers (id) ON DELETE CASCADE,
  rp_id        text NOT NULL CHECK (length(rp_id) BETWEEN 1 AND 253),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  CHECK ((purpose = 'register') = (customer_id IS NOT NULL))
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
