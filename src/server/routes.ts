import { API_PREFIX, type ParamsOf } from '../domain/api-route.ts';
import * as apiRoutes from '../domain/staff-api-routes.ts';
import { HttpError } from './http.ts';

type ApiRouteName = keyof typeof apiRoutes;

/**
 * Which of a function's routes (names of src/domain/staff-api-routes.ts, the same patterns its literal
 * `config.path` lists) a request came in by, and that route's parameters as Netlify hands them over
 * in `context.params`. Functions never split their URL by hand: the address is the table's, the
 * values Netlify's.
 */
export type RouteMatch<Name extends ApiRouteName> = {
  [N in Name]: { name: N; params: Record<ParamsOf<(typeof apiRoutes)[N]['path']>, string> };
}[Name];

export const NOT_FOUND = 'Not found';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern as Netlify matches it: each `:name` one segment, case and a trailing slash ignored. */
function matcher(path: string): RegExp {
  const source = `${API_PREFIX}${path}`
    .split(/(:[A-Za-z]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

const matchers = new Map<string, RegExp>();
const matches = (name: ApiRouteName, pathname: string) => {
  const path = apiRoutes[name].path;
  let re = matchers.get(path);
  if (!re) matchers.set(path, (re = matcher(path)));
  return re.test(pathname);
};

/**
 * The first of `names` whose pattern and method fit the request (HEAD as GET), with its
 * parameters from `context.params`. A path that fits none is a 404; one that fits with another
 * method a 405. A route with parameters called without Netlify's `context.params` is a fault of the
 * caller (a test passes them as Netlify does: tests/helpers/netlify-context.ts).
 */
export function routeOf<const Name extends ApiRouteName>(
  req: Request,
  context: unknown,
  names: readonly Name[],
): RouteMatch<Name> {
  const pathname = new URL(req.url).pathname;
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  const fitting = names.filter((name) => matches(name, pathname));
  const name = fitting.find((n) => apiRoutes[n].method === method);
  if (name === undefined) {
    if (fitting.length) {
      const methods = new Set(fitting.flatMap((n) => (apiRoutes[n].method === 'GET' ? ['GET', 'HEAD'] : ['POST'])));
      throw new HttpError(405, `Method ${req.method} not allowed`, {}, { allow: [...methods, 'OPTIONS'].join(', ') });
    }
    throw new HttpError(404, NOT_FOUND, { code: 'not_found' });
  }
  const given = (context as { params?: Record<string, string | undefined> } | undefined)?.params;
  const params: Record<string, string> = {};
  for (const [, param] of apiRoutes[name].path.matchAll(/:([A-Za-z]+)/g)) {
    if (!given) throw new Error(`${req.method} ${pathname} was called without Netlify's context.params`);
    const value = given[param!];
    if (value === undefined || value === '') throw new HttpError(404, NOT_FOUND, { code: 'not_found' });
    params[param!] = value;
  }
  return { name, params } as RouteMatch<Name>;
}
