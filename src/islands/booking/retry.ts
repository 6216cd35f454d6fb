import type { ApiResult } from '../../client/api.ts';

/**
 * Asks again when a request timed out, failed in the network (status 0) or on the server (5xx), up to
 * `tries` times with a short pause: on mobile data a dropped request is common and the form cannot
 * go on without these answers. 4xx answers are final.
 */
export async function retry<T>(call: () => Promise<ApiResult<T>>, tries = 3, signal?: AbortSignal): Promise<ApiResult<T>> {
  let result = await call();
  for (let i = 1; i < tries && !result.data && (result.status === 0 || result.status >= 500) && !signal?.aborted; i++) {
    await new Promise((resolve) => setTimeout(resolve, 300 * i));
    if (signal?.aborted) break;
    result = await call();
  }
  return result;
}
