import * as schemas from './rebook-schemas.ts';
import { forServer } from './for-server.ts';

/** The rebook requests as the functions parse them (classic zod around the shared zod/mini schemas). */
export const RebookQuerySchema = forServer(schemas.RebookQuerySchema);
export const RebookRequestSchema = forServer(schemas.RebookRequestSchema);
