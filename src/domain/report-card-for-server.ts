import { forServer } from './for-server.ts';
import * as reportCard from './report-card.ts';

/** The report card's requests as the functions parse them (docs/decisions/054, as check-in-for-server.ts does). */
export * from './report-card.ts';

export const ReportCardRequestSchema = forServer(reportCard.ReportCardRequestSchema);
export const PhotoUseRequestSchema = forServer(reportCard.PhotoUseRequestSchema);
