import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { SYNCHRONOUS_FUNCTION_TIMEOUT } from '@netlify/functions';
import { listFunctions, type ExtendedRoute, type Route } from '@netlify/zip-it-and-ship-it';

/**
 * The site's Netlify Functions, run in this process as a warm Netlify instance runs them: each module
 * imported once and kept, each request routed from the function's own `config` (path, excludedPath,
 * method, preferStatic), read by the same code a deploy uses (zip-it-and-ship-it's in-source config
 * parser) and matched by the same rules as Netlify's own emulation. The stock emulation rebuilds a
 * function for every request (seconds each); this answers in milliseconds. Why, and what is not
 * emulated: docs/decisions/003-local-server.md.
 */

export interface FunctionModule {
  default?: unknown;
  config?: unknown;
}

/** How a module is loaded: `import()` for `npm start`, Vite's SSR loader (which reloads on change) for `npm run dev`. */
export type ModuleLoader = (file: string) => Promise<FunctionModule>;

export interface LocalFunction {
  name: string;
  mainFile: string;
  routes: ExtendedRoute[];
  excludedRoutes: Route[];
  schedule?: string;
}

export interface FunctionMatch {
  fn: LocalFunction;
  /** The route that matched; null for `/.netlify/functions/<name>` (functions without a path only). */
  route: ExtendedRoute | null;
  preferStatic: boolean;
}

export interface ClientInfo {
  ip: string;
}

export interface LocalFunctionsOptions {
  /** The functions directory, `netlify/functions`. */
  directory: string;
  /** The public address of the site, for `context.site.url`. */
  siteUrl: string;
  load?: ModuleLoader;
  /** Seconds before a call is answered as timed out; Netlify's synchronous limit by default. */
  timeoutSeconds?: number;
  logError?: (...message: unknown[]) => void;
}

const DEFAULT_FUNCTION_URL = /^\/\.netlify\/(functions|builders)\/([^/]+)/;
const CLOCKWORK_USER_AGENT = 'Netlify Clockwork';

/** Where the demo business is: Netlify's `context.geo` for a visitor in Leyton. */
const LOCAL_GEO = {
  city: 'London',
  country: { code: 'GB', name: 'United Kingdom' },
  subdivision: { code: 'ENG', name: 'England' },
  timezone: 'Europe/London',
  latitude: 51.5613,
  longitude: -0.0112,
  postalCode: 'E10',
};

export async function listLocalFunctions(directory: string): Promise<LocalFunction[]> {
  const listed = await listFunctions([directory], { parseISC: true });
  return listed.map((fn) => ({
    name: fn.name,
    mainFile: fn.mainFile,
    routes: fn.routes ?? [],
    excludedRoutes: fn.excludedRoutes ?? [],
    ...(fn.schedule ? { schedule: fn.schedule } : {}),
  }));
}

/** Netlify's matching: trailing slash and case ignored, methods honoured, excluded paths win. */
export function matchFunction(
  functions: readonly LocalFunction[],
  pathname: string,
  method: string,
): FunctionMatch | undefined {
  const byName = DEFAULT_FUNCTION_URL.exec(pathname);
  if (byName) {
    const fn = functions.find((f) => f.name === byName[2]);
    // A function with a path of its own answers only there, as on Netlify; a scheduled function
    // answers only its scheduler, never a URL (docs/decisions/066-schedules-run-locally.md).
    if (!fn || fn.routes.length || fn.schedule) return undefined;
    return { fn, route: null, preferStatic: false };
  }
  const path = (pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
  const matches = (route: Route) =>
    'literal' in route ? path === route.literal : new RegExp(route.expression).test(path);
  for (const fn of functions) {
    const route = fn.routes.find((r) => (!r.methods?.length || r.methods.includes(method)) && matches(r));
    if (!route) continue;
    if (fn.excludedRoutes.some(matches)) return undefined;
    return { fn, route, preferStatic: route.prefer_static ?? false };
  }
  return undefined;
}

export interface LocalFunctions {
  readonly functions: readonly LocalFunction[];
  match(url: URL, method: string): FunctionMatch | undefined;
  invoke(match: FunctionMatch, request: Request, client: ClientInfo): Promise<Response>;
  /** Runs a scheduled function as Netlify's scheduler does: a POST with `{ next_run }`, Clockwork's user agent. */
  invokeScheduled(fn: LocalFunction, nextRun: Date | null): Promise<Response>;
  /** Imports every module, so the first visitor does not pay for it. */
  warm(): Promise<void>;
  /** Reads the functions directory again (a function added, removed or re-configured). */
  rescan(): Promise<void>;
  /** Waits for the work handed to `context.waitUntil`. */
  drain(): Promise<void>;
}

export async function createLocalFunctions(options: LocalFunctionsOptions): Promise<LocalFunctions> {
  const load: ModuleLoader = options.load ?? ((file) => import(pathToFileURL(file).href));
  const timeoutMs = (options.timeoutSeconds ?? SYNCHRONOUS_FUNCTION_TIMEOUT) * 1000;
  const logError = options.logError ?? ((...m: unknown[]) => console.error(...m));
  let functions = await listLocalFunctions(options.directory);
  const pending = new Set<Promise<unknown>>();

  async function handlerOf(fn: LocalFunction): Promise<(req: Request, context: unknown) => unknown> {
    const module = await load(fn.mainFile);
    if (typeof module.default !== 'function') {
      throw new Error(
        `${fn.mainFile} has no default export: the local server runs only modern functions, export default (req, context) => Response`,
      );
    }
    return module.default as (req: Request, context: unknown) => unknown;
  }

  async function invoke(match: FunctionMatch, incoming: Request, client: ClientInfo): Promise<Response> {
    const { fn, route } = match;
    const requestId = randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase();
    const url = new URL(incoming.url);
    const headers = new Headers(incoming.headers);
    // What Netlify's proxy adds to every function request.
    headers.set('x-nf-client-connection-ip', client.ip);
    headers.set('x-nf-request-id', requestId);
    headers.set('x-forwarded-for', client.ip);
    const request = new Request(incoming, { headers });
    const context = {
      account: { id: '' },
      deploy: { context: 'dev', id: '0', published: false },
      geo: LOCAL_GEO,
      ip: client.ip,
      json: (value: unknown) => Response.json(value),
      log: (...m: unknown[]) => console.log(`[${fn.name}]`, ...m),
      params: route ? paramsOf(route.pattern, url) : {},
      requestId,
      server: { region: 'local' },
      site: { id: 'local', name: 'leyton-dog-grooming', url: options.siteUrl },
      url,
      waitUntil: (promise: Promise<unknown>) => {
        const tracked = Promise.resolve(promise).catch((error: unknown) =>
          logError(`[${fn.name}] waitUntil work failed:`, error),
        );
        pending.add(tracked);
        void tracked.finally(() => pending.delete(tracked));
      },
      // Not used by this site and not emulated: fail loudly rather than behave differently.
      get cookies(): never {
        throw new Error('context.cookies is not emulated by the local server (docs/decisions/003-local-server.md)');
      },
      next: notEmulated('context.next'),
      rewrite: notEmulated('context.rewrite'),
    };

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const handler = await handlerOf(fn);
      const result = await Promise.race([Promise.resolve(handler(request, context)), timedOut]);
      if (result === 'timeout') {
        logError(`[${fn.name}] ${incoming.method} ${url.pathname} timed out after ${timeoutMs / 1000} s`);
        // Netlify's own answer to a function that outlives its limit.
        return Response.json(
          { errorMessage: `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`, errorType: 'TimeoutError' },
          { status: 502 },
        );
      }
      if (result === undefined) return new Response(null, { status: 204 });
      if (!(result instanceof Response))
        throw new TypeError(`Function ${fn.name} returned ${typeof result}, not a Response`);
      return result;
    } catch (error) {
      logError(`[${fn.name}] ${incoming.method} ${url.pathname} threw:`, error);
      const err = error instanceof Error ? error : new Error(String(error));
      return Response.json({ errorMessage: err.message, errorType: err.name }, { status: 500 });
    } finally {
      clearTimeout(timer);
    }
  }

  function invokeScheduled(fn: LocalFunction, nextRun: Date | null): Promise<Response> {
    // The request Netlify's scheduler sends (and `netlify dev` imitates): a POST to the function's
    // own address with the next run in the body, from Clockwork.
    const request = new Request(new URL(`/.netlify/functions/${fn.name}`, options.siteUrl), {
      method: 'POST',
      headers: { 'user-agent': CLOCKWORK_USER_AGENT, 'x-nf-event': 'schedule', 'content-type': 'application/json' },
      body: JSON.stringify({ next_run: nextRun }),
    });
    return invoke({ fn, route: null, preferStatic: false }, request, { ip: '127.0.0.1' });
  }

  return {
    get functions() {
      return functions;
    },
    match: (url, method) => matchFunction(functions, url.pathname, method),
    invoke,
    invokeScheduled,
    async warm() {
      await Promise.all(functions.map((fn) => handlerOf(fn)));
    },
    async rescan() {
      functions = await listLocalFunctions(options.directory);
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/**
 * Netlify's `context.params`, as its runtime reads them: the `:name` parts of the matched route's
 * `pattern` in the request's path (a trailing slash ignored; unlike the routing, case counts), empty
 * when the path does not fit.
 */
export function paramsOf(pattern: string, url: URL): Record<string, string> {
  const { pathname } = url;
  const path = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const groups = new URLPattern({ pathname: pattern }).exec({ pathname: path })?.pathname.groups ?? {};
  return Object.fromEntries(
    Object.entries(groups).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function notEmulated(name: string) {
  return () => {
    throw new Error(`${name} is not emulated by the local server (docs/decisions/003-local-server.md)`);
  };
}
