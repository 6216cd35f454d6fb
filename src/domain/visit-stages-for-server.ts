import * as stages from './visit-stages.ts';
import { forServer } from './for-server.ts';

/** The visit's request as the functions parse it: a classic zod type around the one zod/mini schema (docs/decisions/054). */
export * from './visit-stages.ts';
export const StageRequestSchema = forServer(stages.StageRequestSchema);
