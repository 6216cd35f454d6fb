import { HttpError } from './http.ts';

/**
 * Cursors of the staff lists: the sort key of the last row a page showed, as base64url JSON. The
 * next page starts strictly after it, so rows added or removed meanwhile never repeat or hide one
 * (as an offset would). Opaque to the browser; a cursor that does not decode is a 400.
 */
export type CursorKey = ReadonlyArray<string | number>;

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  shape: ReadonlyArray<'string' | 'number'>,
): (string | number)[] | null {
  if (cursor === undefined) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(key) || key.length !== shape.length) throw bad();
  key.forEach((value, i) => {
    const ok =
      shape[i] === 'number'
        ? Number.isSafeInteger(value)
        : typeof value === 'string' && value.length <= 300 && !value.includes('\u0000');
    if (!ok) throw bad();
  });
  return key as (string | number)[];
}

const bad = () =>
  new HttpError(400, 'That page of the list no longer exists: please start from the first page.', { code: 'invalid' });
