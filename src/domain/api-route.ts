import type { z } from 'zod';
import type { EmptyRequestSchema } from './staff.ts';

/**
 * How an address of the /v1.0.1 API is written and called. The routes themselves are
 * src/domain/api-routes.ts, shared by the islands (which build their calls from them) and the
 * functions (which dispatch by their names, src/server/routes.ts, while their literal `config.path`
 * lists the same patterns: tests/integration/api-routes.test.ts holds the two lists equal). A
 * pattern's `:name` parts are its parameters: `pathTo` fills them, escaped, and the type of a route
 * knows their names, so a call cannot forget one or misspell the address.
 *
 * Only addresses and methods exist at run time, as plain strings: a page that imports a route loads no
 * schema. The request body's type rides along as a phantom: the input type of the schema the function
 * parses the body with (type-only imports, erased from the bundle).
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

export const get = <const Path extends string>(path: Path): ApiRoute<Path, undefined> => ({ method: 'GET', path });
export const post = <const Path extends string, Body = unknown>(path: Path, _body?: Body): ApiRoute<Path, Body> => ({
  method: 'POST',
  path,
});

/** A POST's body type, `post(path, body<typeof Schema>())`: what the schema its function parses takes. */
export const body = <Schema extends z.core.$ZodType>() => undefined as unknown as z.input<Schema>;

/** The body `{}` of a POST that says everything in its address; a call may leave it out (`callApi` sends `{}`). */
export const empty = () => undefined as z.input<typeof EmptyRequestSchema> | undefined;

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
