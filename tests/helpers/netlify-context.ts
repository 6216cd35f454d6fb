import type { Config } from '@netlify/functions';
import { paramsOf } from '../../scripts/lib/local-functions.ts';

/**
 * A function called as Netlify calls it: with `context.params` of the first pattern of the function's
 * own `config.path` the request's path fits (a path without parameters, or one that fits none:
 * `{}`, and the function answers its own 404), beside whatever context the test gives (its `ip`…). The functions read their parameters from
 * `context.params` alone (src/server/routes.ts), so a test cannot hand them a path Netlify would
 * route differently.
 */
export type Handler = (req: Request, context?: any) => Promise<Response> | Response;

export interface FunctionModule {
  default: Handler;
  config?: Config;
}

export function paramsFor(config: Config | undefined, url: string | URL): Record<string, string> {
  const at = new URL(url);
  for (const pattern of [config?.path ?? []].flat()) {
    const params = paramsOf(pattern, at);
    if (Object.keys(params).length) return params;
  }
  return {};
}

export function routed(module: FunctionModule): (req: Request, context?: any) => Promise<Response> {
  return async (req, context) => module.default(req, { ...context, params: paramsFor(module.config, req.url) });
}
