import { persistentAtom, persistentMap } from '@nanostores/persistent';
import type { BlogPosts, DeviceUser } from '../domain/api-answers.ts';

/**
 * The client store of contract §3, the whole of it persisted in localStorage: user, headerHeight
 * (default 200), headers (name → value) and blog_posts.
 */
function json<T>(fallback: T) {
  return {
    encode: (value: T) => JSON.stringify(value),
    decode: (raw: string): T => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return fallback;
      }
    },
  };
}

export const DEFAULT_HEADER_HEIGHT = 200;

export const user = persistentAtom<DeviceUser | null>('user', null, json<DeviceUser | null>(null));

export const headerHeight = persistentAtom<number>('headerHeight', DEFAULT_HEADER_HEIGHT, {
  encode: String,
  decode: (raw) => {
    const height = Number(raw);
    return Number.isFinite(height) && height >= 0 ? height : DEFAULT_HEADER_HEIGHT;
  },
});

/** Extra request headers (name → value); each is kept in localStorage as `headers:<name>`. */
export const headers = persistentMap<Record<string, string | undefined>>('headers:', {});

export const blogPosts = persistentAtom<BlogPosts | null>('blog_posts', null, json<BlogPosts | null>(null));
