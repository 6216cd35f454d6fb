import type { z } from 'zod';
import type { MagicRequestSchema } from './api.ts';
import type { CancelBookingRequestSchema, MoveBookingRequestSchema } from './booking-api-schemas.ts';
import type { CreateBookingRequestSchema, PhoneCodeRequestSchema } from './booking-request-schemas.ts';
import type {
  BreedChangeSchema,
  BreedImageUploadSchema,
  BreedInputSchema,
  BreedRemoveSchema,
} from './breed-records.ts';
import type {
  CustomerChangeSchema,
  DogChangeSchema,
  EraseRequestSchema,
  MergeCodeRequestSchema,
  MergeRequestSchema,
  NewDogSchema,
} from './customer-records.ts';
import type { MessageRetryRequestSchema } from './dashboard.ts';
import type { RefundRequestSchema } from './finances.ts';
import type {
  AttendanceRequestSchema,
  BlockRequestSchema,
  StaffBookingRequestSchema,
  StaffCancelRequestSchema,
  StaffMoveRequestSchema,
  StaffNoteRequestSchema,
} from './schedule.ts';
import type {
  ClosureInputSchema,
  ServiceChangeSchema,
  ServiceInputSchema,
  SettingsChangeSchema,
} from './shop-settings.ts';
import type {
  AddStaffSchema,
  ChangeStaffPhoneSchema,
  EmptyRequestSchema,
  PasskeyRegistrationSchema,
  PasskeySignInSchema,
  StaffCodeRequestSchema,
  StaffSignInByCodeSchema,
  StepUpByCodeSchema,
  StepUpByPasskeySchema,
} from './staff.ts';

/**
 * Every address of the /v1.0.1 API in one table, shared by the islands (which build their calls from
 * it) and the functions (which dispatch by its names, src/server/routes.ts, while their literal
 * `config.path` lists the same patterns: tests/integration/api-routes.test.ts holds the two lists
 * equal). A pattern's `:name` parts are its parameters: `pathTo` fills them, escaped, and the type of
 * a route knows their names, so a call cannot forget one or misspell the address.
 *
 * Only addresses and methods live here, as plain strings: a page that imports the table loads no
 * schema. The request body's type rides along as a phantom, declared where the route is: the input
 * type of the schema the function parses the body with (type-only imports, erased from the bundle).
 */
export const API_PREFIX = '/v1.0.1';

export type ApiMethod = 'GET' | 'POST';

/** `:id` and `:dog` of '/customers/:id/dogs/:dog'. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface ApiRoute<Path extends string = string, Body = unknown> {
  readonly method: ApiMethod;
  readonly path: Path;
  /** Never set: carries the body's type to `callApi` (undefined for a call without one). */
  readonly body?: Body;
}

const get = <const Path extends string>(path: Path): ApiRoute<Path, undefined> => ({ method: 'GET', path });
const post = <const Path extends string, Body = unknown>(path: Path, _body?: Body): ApiRoute<Path, Body> => ({
  method: 'POST',
  path,
});

/** A POST's body type, `post(path, body<typeof Schema>())`: what the schema its function parses takes. */
const body = <Schema extends z.core.$ZodType>() => undefined as unknown as z.input<Schema>;

/** The body `{}` of a POST that says everything in its address; a call may leave it out (`callApi` sends `{}`). */
const empty = () => undefined as z.input<typeof EmptyRequestSchema> | undefined;

export const apiRoutes = {
  // The public site (contract §7).
  availability: get('/availability'),
  blogPosts: get('/cms/blog/posts'),
  bookingTypes: get('/cms/booking-types'),
  breeds: get('/breeds'),
  breedImage: get('/breed-images/:name'),
  quote: get('/quote'),
  phoneCodes: post('/phone-codes', body<typeof PhoneCodeRequestSchema>()),
  book: post('/bookings', body<typeof CreateBookingRequestSchema>()),
  booking: get('/bookings/:id'),
  bookingBySession: get('/bookings/by-session/:session'),
  bookingCalendar: get('/bookings/:id/calendar.ics'),
  cancelBooking: post('/bookings/:id/cancel', body<typeof CancelBookingRequestSchema>()),
  moveBooking: post('/bookings/:id/move', body<typeof MoveBookingRequestSchema>()),
  customerAuth: get('/customer/auth'),
  savedDogs: get('/customer/dogs'),
  deviceAuth: get('/devices/auth'),
  magic: post('/magic', body<typeof MagicRequestSchema>()),
  cmsPublishWebhook: post('/cms/publish-webhook'),
  stripeWebhook: post('/payments/stripe-webhook'),

  // Signing in and the staff member's own session.
  staffSignInCodes: post('/management/sign-in/codes', body<typeof StaffCodeRequestSchema>()),
  staffSignInByCode: post('/management/sign-in/by-code', body<typeof StaffSignInByCodeSchema>()),
  staffSignInPasskeyOptions: post('/management/sign-in/passkey-options', empty()),
  staffSignInByPasskey: post('/management/sign-in/by-passkey', body<typeof PasskeySignInSchema>()),
  staffSession: get('/management/session'),
  staffSignOut: post('/management/sign-out', empty()),
  stepUpCodes: post('/management/step-up/codes', empty()),
  stepUpByCode: post('/management/step-up/by-code', body<typeof StepUpByCodeSchema>()),
  stepUpPasskeyOptions: post('/management/step-up/passkey-options', empty()),
  stepUpByPasskey: post('/management/step-up/by-passkey', body<typeof StepUpByPasskeySchema>()),
  passkeys: get('/management/passkeys'),
  addPasskey: post('/management/passkeys', body<typeof PasskeyRegistrationSchema>()),
  passkeyOptions: post('/management/passkeys/options', empty()),
  removePasskey: post('/management/passkeys/:id/remove', empty()),
  staffList: get('/management/staff'),
  addStaff: post('/management/staff', body<typeof AddStaffSchema>()),
  removeStaff: post('/management/staff/:id/remove', empty()),
  changeStaffPhone: post('/management/staff/:id/phone', body<typeof ChangeStaffPhoneSchema>()),

  // The day: dashboard, schedule and the counter.
  dashboard: get('/management/dashboard'),
  retryMessage: post('/management/messages/:id/retry', body<typeof MessageRetryRequestSchema>()),
  schedule: get('/management/schedule'),
  freeTimes: get('/management/free-times'),
  customerLookup: get('/management/customer-lookup'),
  phoneBooking: post('/management/bookings', body<typeof StaffBookingRequestSchema>()),
  staffMoveBooking: post('/management/bookings/:id/move', body<typeof StaffMoveRequestSchema>()),
  staffCancelBooking: post('/management/bookings/:id/cancel', body<typeof StaffCancelRequestSchema>()),
  attendance: post('/management/bookings/:id/attendance', body<typeof AttendanceRequestSchema>()),
  staffNote: post('/management/bookings/:id/note', body<typeof StaffNoteRequestSchema>()),
  addBlock: post('/management/blocks', body<typeof BlockRequestSchema>()),
  removeBlock: post('/management/blocks/:id/remove', empty()),

  // Customers.
  customers: get('/management/customers'),
  customer: get('/management/customers/:id'),
  saveCustomer: post('/management/customers/:id', body<typeof CustomerChangeSchema>()),
  customerVisits: get('/management/customers/:id/visits'),
  customerMessages: get('/management/customers/:id/messages'),
  customerExport: get('/management/customers/:id/export'),
  addDog: post('/management/customers/:id/dogs', body<typeof NewDogSchema>()),
  saveDog: post('/management/customers/:id/dogs/:dog', body<typeof DogChangeSchema>()),
  mergeCustomers: post('/management/customers/:id/merge', body<typeof MergeRequestSchema>()),
  mergeCode: post('/management/customers/:id/merge/code', body<typeof MergeCodeRequestSchema>()),
  eraseCustomer: post('/management/customers/:id/erase', body<typeof EraseRequestSchema>()),

  // Money.
  finances: get('/management/finances'),
  deposits: get('/management/finances/deposits'),
  takingsCsv: get('/management/finances/takings.csv'),
  refund: post('/management/finances/refunds', body<typeof RefundRequestSchema>()),

  // The shop's settings, services, closures and breeds.
  settings: get('/management/settings'),
  saveSettings: post('/management/settings', body<typeof SettingsChangeSchema>()),
  services: get('/management/services'),
  addService: post('/management/services', body<typeof ServiceInputSchema>()),
  saveService: post('/management/services/:id', body<typeof ServiceChangeSchema>()),
  closures: get('/management/closures'),
  addClosure: post('/management/closures', body<typeof ClosureInputSchema>()),
  removeClosure: post('/management/closures/:date/remove', empty()),
  staffBreeds: get('/management/breeds'),
  addBreed: post('/management/breeds', body<typeof BreedInputSchema>()),
  saveBreed: post('/management/breeds/:id', body<typeof BreedChangeSchema>()),
  removeBreed: post('/management/breeds/:id/remove', body<typeof BreedRemoveSchema>()),
  breedPicture: post('/management/breeds/:id/image', body<typeof BreedImageUploadSchema>()),
  removeBreedPicture: post('/management/breeds/:id/image/remove', empty()),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof apiRoutes;

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * The address of a call, relative to API_PREFIX: each `:name` replaced by its value, escaped (an id
 * can never add a path segment), then the query's defined values.
 */
export function pathTo<Path extends string>(
  route: ApiRoute<Path, unknown>,
  params: Record<ParamsOf<Path>, string>,
  query: Query = {},
): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined || value === '') throw new Error(`${route.path} needs :${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The route patterns as Netlify's `config.path` writes them. */
export function configPaths(...routes: ApiRoute[]): string[] {
  return [...new Set(routes.map((route) => `${API_PREFIX}${route.path}`))];
}
