import * as checkIn from './check-in.ts';
import { forServer } from './for-server.ts';

/** Check-in's requests as the functions parse them (docs/decisions/054, as schedule-for-server.ts does). */
export * from './check-in.ts';

export const CheckInRequestSchema = forServer(checkIn.CheckInRequestSchema);
export const VisitPhotoUploadSchema = forServer(checkIn.VisitPhotoUploadSchema);
