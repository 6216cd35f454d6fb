import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator: what a phone's or a tablet's platform authenticator does when a page
 * calls `navigator.credentials.create()` / `.get()`, written out from the WebAuthn spec (level 3,
 * §6.1 authenticator data, §6.5 attestation object, "none" attestation, ES256 keys, CTAP2 CBOR).
 * It turns SimpleWebAuthn's options JSON into the response JSON `@simplewebauthn/browser` would
 * send, so the server's ceremonies are tested with real signatures. Knobs break one thing at a time.
 */
export interface SoftCredential {
  id: Buffer;
  rpId: string;
  userHandle: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export interface CeremonyKnobs {
  /** The origin the browser would put in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** User verification done (fingerprint, face, PIN); default true. */
  userVerified?: boolean;
  /** Sign as this RP ID instead of the one asked for. */
  rpId?: string;
  /** Answer a different challenge than the one given. */
  challenge?: string;
  /** Report this signature counter instead of the next one. */
  counter?: number;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// ---- the little CBOR this needs (RFC 8949: unsigned and negative integers, bytes, text, maps) ----

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

// ---- the authenticator ------------------------------------------------------------------------

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { userVerification?: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  private flags(userVerified: boolean, attested: boolean): number {
    // UP (user present), UV when verified, AT when credential data follows.
    return 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** `navigator.credentials.create()`: a new ES256 key pair for this RP and user. */
  create(options: CreationOptions, knobs: CeremonyKnobs = {}) {
    const rpId = knobs.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const counter = knobs.counter ?? 0;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(knobs.userVerified ?? true, true)]),
      count,
      Buffer.alloc(16),
      idLength,
      id,
      cose,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.create',
      knobs.challenge ?? options.challenge,
      knobs.origin ?? this.origin,
    );
    this.credentials.push({ id, rpId, userHandle: Buffer.from(options.user.id, 'base64url'), privateKey, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /** `navigator.credentials.get()`: signs the challenge with a discoverable credential for the RP. */
  get(options: RequestOptions, knobs: CeremonyKnobs & { credential?: SoftCredential } = {}) {
    const rpId = knobs.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      knobs.credential ??
      this.credentials.find(
        (c) => c.rpId === (options.rpId ?? rpId) && (allowed.length === 0 || allowed.includes(b64url(c.id))),
      );
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');
    // A forced counter is this answer's only (a clone's); the real one keeps counting.
    const counter = knobs.counter ?? ++credential.counter;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authenticatorData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(knobs.userVerified ?? true, false)]),
      count,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      knobs.challenge ?? options.challenge,
      knobs.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}
