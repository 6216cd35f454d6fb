import { describe, expect, it } from 'vitest';
import { MAX_BREED_IMAGE_BYTES } from '../../../domain/breed-records.ts';
import { readPicture } from './pictures.ts';

describe('readPicture', () => {
  it.each([
    [new Blob(['GIF89a'], { type: 'image/gif' }), { problem: 'Please choose a JPEG, PNG or WebP picture' }],
    [
      new Blob([new Uint8Array(MAX_BREED_IMAGE_BYTES + 1)], { type: 'image/png' }),
      { problem: 'That picture is over 4 MB: please choose a smaller one' },
    ],
    [new Blob(['hello'], { type: 'image/png' }), { base64: 'aGVsbG8=' }],
  ])('%#', async (file, read) => expect(await readPicture(file)).toEqual(read));

  it('reads a picture larger than one chunk whole', async () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 3 }, (_, i) => i % 251);
    const read = await readPicture(new Blob([bytes], { type: 'image/webp' }));
    expect(read).toEqual({ base64: Buffer.from(bytes).toString('base64') });
  });
});
