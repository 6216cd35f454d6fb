import { describe, expect, it } from 'vitest';
import {
  AvailabilityQuerySchema,
  CancelBookingRequestSchema,
  CreateBookingRequestSchema,
  DogSchema,
  MoveBookingRequestSchema,
  OwnerSchema,
} from './booking-schemas.ts';

const dog = { name: 'Biscuit', breedId: 'cockapoo', weightKg: 9.5, coat: 'long' };
const owner = {
  name: 'Sam Patel',
  phone: '07700 900461',
  email: 'sam@example.com',
  marketingConsent: false,
  acceptTerms: true,
};

describe('AvailabilityQuerySchema (query strings)', () => {
  it.each([
    [{ service: 'full' }, true],
    [{ service: 'full', from: '2026-11-23', days: '56' }, true],
    [{ service: 'full', days: '63' }, false],
    [{ service: 'full', days: '0' }, false],
    [{ service: 'full', days: '1.5' }, false],
    [{ service: 'Full Groom' }, false],
    [{ service: 'full', from: '2026-11-31' }, false],
    [{ service: 'full', exclude: 'AAAAAAAAAAAAAAAAAAAAAA' }, true],
    [{ service: 'full', exclude: '../x' }, false],
    [{ service: 'full', extra: '1' }, false],
    [{}, false],
  ])('%j valid: %s', (q, valid) => expect(AvailabilityQuerySchema.safeParse(q).success).toBe(valid));
});

describe('DogSchema', () => {
  it.each([
    [dog, true],
    [{ ...dog, weightKg: 0.5 }, true],
    [{ ...dog, weightKg: 100 }, true],
    [{ ...dog, weightKg: 0.4 }, false],
    [{ ...dog, weightKg: 100.1 }, false],
    [{ ...dog, weightKg: 11.95 }, false],
    [{ ...dog, weightKg: 0.1 + 0.2 + 11.7 }, true], // 12.000000000000002: float noise is not a second decimal
    [{ ...dog, name: '   ' }, false],
    [{ ...dog, name: 'x'.repeat(41) }, false],
    [{ ...dog, coat: 'fluffy' }, false],
    [{ ...dog, notes: 'x'.repeat(500), nervous: true }, true],
    [{ ...dog, notes: 'x'.repeat(501) }, false],
    [{ ...dog, name: 'Rex\u0000' }, false],
    [{ ...dog, name: 'Rex\ud83d' }, false],
    [{ ...dog, name: 'Rex 🐶' }, true],
    [{ ...dog, notes: 'Shy\u0000' }, false],
    [{ ...dog, notes: 'Shy\ufffe' }, false],
    [{ ...dog, notes: 'Shy with dryers.\nLoves cheese.' }, true],
  ])('%j valid: %s', (d, valid) => expect(DogSchema.safeParse(d).success).toBe(valid));

  it("tells the visitor what is wrong with the dog's name", () => {
    expect(DogSchema.safeParse({ ...dog, name: 'Rex\u0000' }).error!.issues[0]!.message).toBe(
      "Please remove unusual characters from your dog's name",
    );
  });
});

describe('OwnerSchema', () => {
  it('normalises the phone to E.164 and trims', () => {
    expect(OwnerSchema.parse({ ...owner, name: '  Sam Patel ' })).toMatchObject({
      name: 'Sam Patel',
      phone: '+447700900461',
    });
  });
  it.each([
    [{ ...owner, phone: '020 8539 1234' }, false],
    [{ ...owner, email: 'not-an-email' }, false],
    [{ ...owner, acceptTerms: false }, false],
    [{ ...owner, name: 'x'.repeat(81) }, false],
    [{ ...owner, marketingConsent: 'yes' }, false],
    [{ ...owner, name: 'Sam\u0000' }, false],
    [{ ...owner, name: 'Sam\u009b' }, false],
    [{ ...owner, email: 'sam\u0000@example.com' }, false],
    [owner, true],
  ])('%j valid: %s', (o, valid) => expect(OwnerSchema.safeParse(o).success).toBe(valid));
});

describe('CreateBookingRequestSchema', () => {
  const request = {
    serviceId: 'shower',
    start: '2026-11-24T10:00:00.000Z',
    dog,
    owner,
    idempotencyKey: '3b241101-e2bb-4255-8caf-4136c566a962',
  };
  it.each([
    [request, true],
    [{ ...request, start: '2026-11-24T10:00:00+00:00' }, true],
    [{ ...request, start: '2026-11-24 10:00' }, false],
    [{ ...request, idempotencyKey: 'abc' }, false],
    [{ ...request, price: 0 }, false], // the price is never the client's to say
    [{ ...request, savedDogId: 'AbCdEfGh12345_-x' }, true],
    [{ ...request, savedDogId: 'x\u0000' }, false],
    [{ ...request, savedDogId: '../../etc/passwd' }, false],
    [{ ...request, savedDogId: 'short' }, false],
    [{ ...request, savedDogId: 'x'.repeat(65) }, false],
  ])('%#: valid %s', (r, valid) => expect(CreateBookingRequestSchema.safeParse(r).success).toBe(valid));

  it.each([
    [{}, true],
    [{ reason: 'Changed plans.\r\nSorry!' }, true],
    [{ reason: 'x'.repeat(400) }, true],
    [{ reason: 'x'.repeat(401) }, false],
    [{ reason: 'x\u0000' }, false],
    [{ reason: 'x\udfff' }, false],
    [{ reason: 42 }, false],
  ])('cancel %j valid: %s', (body, valid) => expect(CancelBookingRequestSchema.safeParse(body).success).toBe(valid));

  it('refuses a move without a start', () => {
    expect(MoveBookingRequestSchema.safeParse({}).success).toBe(false);
  });
});
