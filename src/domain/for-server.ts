import { z } from 'zod';

/**
 * A classic zod type around a zod/mini schema, for the request parsers of src/server/http.ts, which
 * take classic types: anything goes in, then the schema decides, with the same checks, messages and
 * output (docs/decisions/054). The pages load the zod/mini schema alone; only the functions load this.
 */
export const forServer = <T extends z.core.$ZodType>(schema: T) => z.pipe(z.unknown(), schema);
