import { z } from 'zod';

/**
 * The content client of contract §7: every read from the headless content service (DatoCMS's GraphQL
 * Content Delivery API) goes through here, at build time (the content loaders) and at run time (the
 * editor's preview). A query is a POST of `{ query, variables, operationName }`; the answer is the
 * first top-level field of `data`. A response that is not ok, carries `errors` or has no `data`
 * raises a ContentError with the status and the body as received (contract §8). The answer is checked
 * against the query's own zod schema, so callers get typed data or an error, never a guess.
 */

export class ContentError extends Error {
  override name = 'ContentError';
  readonly status: number;
  readonly body: string;
  constructor(message: string, status: number, body: string) {
    // The body goes into the message too (shortened): a failed build log then says what DatoCMS said.
    super(`${message} (status ${status}): ${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`);
    this.status = status;
    this.body = body;
  }
}

/** A query with its operation name, its variables' type and the schema of its first top-level field. */
export interface ContentQuery<V extends Record<string, unknown>, R extends z.ZodType> {
  operationName: string;
  query: string;
  result: R;
  /** Only for typing the variables. */
  readonly variables?: V;
}

export function defineQuery<V extends Record<string, unknown>, R extends z.ZodType>(
  operationName: string,
  query: string,
  result: R,
): ContentQuery<V, R> {
  if (!new RegExp(`\\bquery\\s+${operationName}\\b`).test(query)) {
    throw new Error(`The query text does not define the operation ${operationName}`);
  }
  return { operationName, query, result };
}

export interface ContentClientOptions {
  /** The GraphQL endpoint (https://graphql.datocms.com/). */
  endpoint: string;
  /** API token, sent as `Authorization: Bearer`. */
  token: string;
  /** `X-Environment`; unset reads the primary environment. */
  environment?: string;
  /** `X-Include-Drafts: true`: records at their latest version, drafts included (previews only). */
  includeDrafts?: boolean;
  /** Milliseconds before a request is abandoned (a ContentError with status 0). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ContentClient {
  request<V extends Record<string, unknown>, R extends z.ZodType>(
    query: ContentQuery<V, R>,
    variables?: V,
  ): Promise<z.infer<R>>;
}

const Envelope = z
  .object({ data: z.record(z.string(), z.unknown()).nullish(), errors: z.array(z.unknown()).nullish() })
  .loose();

export function contentClient(options: ContentClientOptions): ContentClient {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (options.environment) headers['x-environment'] = options.environment;
  // DatoCMS refuses `X-Include-Drafts: false`: the header is sent only to ask for drafts.
  if (options.includeDrafts) headers['x-include-drafts'] = 'true';

  return {
    async request(query, variables) {
      let response: Response;
      let body: string;
      try {
        response = await doFetch(options.endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: query.query, variables: variables ?? {}, operationName: query.operationName }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
        body = await response.text();
      } catch (error) {
        throw new ContentError(
          `${query.operationName}: no answer from the content service (${(error as Error).message})`,
          0,
          '',
        );
      }
      if (!response.ok)
        throw new ContentError(
          `${query.operationName}: the content service answered ${response.status}`,
          response.status,
          body,
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new ContentError(
          `${query.operationName}: the content service's answer is not JSON`,
          response.status,
          body,
        );
      }
      const envelope = Envelope.safeParse(parsed);
      if (!envelope.success)
        throw new ContentError(
          `${query.operationName}: the content service's answer is not a GraphQL response`,
          response.status,
          body,
        );
      if (envelope.data.errors?.length)
        throw new ContentError(
          `${query.operationName}: the content service answered with errors`,
          response.status,
          body,
        );
      const data = envelope.data.data;
      if (!data)
        throw new ContentError(
          `${query.operationName}: the content service's answer has no data`,
          response.status,
          body,
        );
      const first = Object.keys(data)[0];
      if (first === undefined)
        throw new ContentError(
          `${query.operationName}: the content service's answer has no data`,
          response.status,
          body,
        );
      const result = query.result.safeParse(data[first]);
      if (!result.success) {
        const problems = result.error.issues
          .slice(0, 5)
          .map((i) => `${[first, ...i.path].join('.')}: ${i.message}`)
          .join('; ');
        throw new ContentError(`${query.operationName}: unexpected answer (${problems})`, response.status, body);
      }
      return result.data;
    },
  };
}
