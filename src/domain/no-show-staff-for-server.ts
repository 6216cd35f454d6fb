import * as noShows from './no-show-staff.ts';
import { forServer } from './for-server.ts';

/** The no-show staff schemas as the functions parse them (docs/decisions/054, as schedule-for-server.ts). */
export * from './no-show-staff.ts';

// These names shadow the star export above (an explicit export always wins).
export const NoShowFeeRequestSchema = forServer(noShows.NoShowFeeRequestSchema);
export const WaiveRequestSchema = forServer(noShows.WaiveRequestSchema);
export const NoShowFeeRefundRequestSchema = forServer(noShows.NoShowFeeRefundRequestSchema);
