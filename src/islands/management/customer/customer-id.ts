/**
 * /management/customer/{_id}: one static shell for every customer (netlify.toml rewrites
 * /management/customer/* here, as /b/* is); the id is read from the address.
 */
export function customerIdFrom(pathname: string): string | null {
  const id = /^\/management\/customer\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!id) return null;
  try {
    const decoded = decodeURIComponent(id);
    return /^[A-Za-z0-9_-]{1,64}$/.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}
