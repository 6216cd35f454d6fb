/**
 * Every address of the /v1.0.1 API in one table, shared by the islands (which build their calls from
 * it) and the functions (whose `config.path` must list the same patterns, checked by
 * tests/integration/api-routes.test.ts against the built manifest). A pattern's `:name` parts are
 * its parameters: `pathTo` fills them, escaped, and the type of a route knows their names, so a call
 * cannot forget one or misspell the address.
 *
 * Only addresses and methods live here, as plain strings: a page that imports the table loads no
 * schema. The request body's type rides along as a phantom, declared where the route is.
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
const post = <const Path extends string, Body = unknown>(path: Path): ApiRoute<Path, Body> => ({
  method: 'POST',
  path,
});

export const apiRoutes = {
  // The public site (contract §7).
  availability: get('/availability'),
  blogPosts: get('/cms/blog/posts'),
  bookingTypes: get('/cms/booking-types'),
  breeds: get('/breeds'),
  breedImage: get('/breed-images/:name'),
  quote: get('/quote'),
  phoneCodes: post('/phone-codes'),
  book: post('/bookings'),
  booking: get('/bookings/:id'),
  bookingBySession: get('/bookings/by-session/:session'),
  bookingCalendar: get('/bookings/:id/calendar.ics'),
  cancelBooking: post('/bookings/:id/cancel'),
  moveBooking: post('/bookings/:id/move'),
  customerAuth: get('/customer/auth'),
  savedDogs: get('/customer/dogs'),
  deviceAuth: get('/devices/auth'),
  magic: post('/magic'),
  cmsPublishWebhook: post('/cms/publish-webhook'),
  stripeWebhook: post('/payments/stripe-webhook'),

  // Signing in and the staff member's own session.
  staffSignInCodes: post('/management/sign-in/codes'),
  staffSignInByCode: post('/management/sign-in/by-code'),
  staffSignInPasskeyOptions: post('/management/sign-in/passkey-options'),
  staffSignInByPasskey: post('/management/sign-in/by-passkey'),
  staffSession: get('/management/session'),
  staffSignOut: post('/management/sign-out'),
  stepUpCodes: post('/management/step-up/codes'),
  stepUpByCode: post('/management/step-up/by-code'),
  stepUpPasskeyOptions: post('/management/step-up/passkey-options'),
  stepUpByPasskey: post('/management/step-up/by-passkey'),
  passkeys: get('/management/passkeys'),
  addPasskey: post('/management/passkeys'),
  passkeyOptions: post('/management/passkeys/options'),
  removePasskey: post('/management/passkeys/:id/remove'),
  staffList: get('/management/staff'),
  addStaff: post('/management/staff'),
  removeStaff: post('/management/staff/:id/remove'),
  changeStaffPhone: post('/management/staff/:id/phone'),

  // The day: dashboard, schedule and the counter.
  dashboard: get('/management/dashboard'),
  retryMessage: post('/management/messages/:id/retry'),
  schedule: get('/management/schedule'),
  freeTimes: get('/management/free-times'),
  customerLookup: get('/management/customer-lookup'),
  phoneBooking: post('/management/bookings'),
  staffMoveBooking: post('/management/bookings/:id/move'),
  staffCancelBooking: post('/management/bookings/:id/cancel'),
  attendance: post('/management/bookings/:id/attendance'),
  staffNote: post('/management/bookings/:id/note'),
  addBlock: post('/management/blocks'),
  removeBlock: post('/management/blocks/:id/remove'),

  // Customers.
  customers: get('/management/customers'),
  customer: get('/management/customers/:id'),
  saveCustomer: post('/management/customers/:id'),
  customerVisits: get('/management/customers/:id/visits'),
  customerMessages: get('/management/customers/:id/messages'),
  customerExport: get('/management/customers/:id/export'),
  addDog: post('/management/customers/:id/dogs'),
  saveDog: post('/management/customers/:id/dogs/:dog'),
  mergeCustomers: post('/management/customers/:id/merge'),
  mergeCode: post('/management/customers/:id/merge/code'),
  eraseCustomer: post('/management/customers/:id/erase'),

  // Money.
  finances: get('/management/finances'),
  deposits: get('/management/finances/deposits'),
  takingsCsv: get('/management/finances/takings.csv'),
  refund: post('/management/finances/refunds'),

  // The shop's settings, services, closures and breeds.
  settings: get('/management/settings'),
  saveSettings: post('/management/settings'),
  services: get('/management/services'),
  addService: post('/management/services'),
  saveService: post('/management/services/:id'),
  closures: get('/management/closures'),
  addClosure: post('/management/closures'),
  removeClosure: post('/management/closures/:date/remove'),
  staffBreeds: get('/management/breeds'),
  addBreed: post('/management/breeds'),
  saveBreed: post('/management/breeds/:id'),
  removeBreed: post('/management/breeds/:id/remove'),
  breedPicture: post('/management/breeds/:id/image'),
  removeBreedPicture: post('/management/breeds/:id/image/remove'),
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
