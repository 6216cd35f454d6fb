import { describe, expect, it } from 'vitest';
import { listLocalFunctions } from '../../scripts/lib/local-functions.ts';
import { FUNCTIONS_DIR } from '../../scripts/lib/site-server.ts';
import * as apiRoutes from '../../src/domain/staff-api-routes.ts';
import { API_PREFIX, configPaths } from '../../src/domain/api-route.ts';

/**
 * The islands build their calls from the route table (src/domain/api-routes.ts) and the functions
 * dispatch by its names (src/server/routes.ts), while Netlify routes by each function's literal
 * `config.path`, read by the same in-source parser a deploy uses (function-bundles.test.ts checks the
 * built manifest against it). The two lists must be one: an address in the table that no function
 * serves, or a function's address the table lacks, fails here.
 */
describe('the API route table', () => {
  it("lists exactly the /v1.0.1 addresses of the functions' config.path", async () => {
    const functions = await listLocalFunctions(FUNCTIONS_DIR);
    const served = functions
      .flatMap((fn) => fn.routes.map((route) => route.pattern))
      .filter((pattern) => pattern.startsWith(`${API_PREFIX}/`));
    expect([...new Set(served)].sort()).toEqual(configPaths(...Object.values(apiRoutes)).sort());
    // One function per address: Netlify would send a shared one to the first it finds.
    expect(served.length).toBe(new Set(served).size);
  });
});
