import { useRef, useState } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { VisitPhotoSchema } from '../../../domain/check-in.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { photoToSend } from './photo-upload.ts';

export type Photo = Awaited<ReturnType<typeof photoToSend>>;

/**
 * A visit photo from the tablet's camera (the check-in's before, the report card's after), shrunk
 * as soon as it is chosen. `upload` waits for a shrink still running: a button tapped before it is
 * ready sends the photo instead of leaving it out (decision 091). The upload goes through the
 * check-in photo's address, which keeps every visit photo in the one private store.
 */
export function usePhotoToSend(bookingId: string) {
  const [photo, setPhoto] = useState<Photo | null>(null);
  const shrinking = useRef<Promise<Photo | null>>(Promise.resolve(null));
  const choose = (file: File | null) => {
    setPhoto(null);
    const next = file ? photoToSend(file) : Promise.resolve(null);
    shrinking.current = next;
    void next.then((ready) => {
      if (shrinking.current === next) setPhoto(ready);
    });
  };
  /** The stored photo's key as the API answered it (a failed upload is its error); null with no photo. */
  const upload = async (): Promise<ApiResult<string> | null> => {
    const ready = await shrinking.current;
    if (!ready) return null;
    const sent = await staffCall(apiRoutes.checkInPhoto, {
      params: { id: bookingId },
      body: { image: ready.base64 },
      schema: VisitPhotoSchema,
    });
    return { ...sent, data: sent.data?.photoKey ?? null };
  };
  return { photo, choose, upload };
}
