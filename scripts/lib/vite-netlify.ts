import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import type { Plugin } from 'vite';
import { createLocalFunctions, type FunctionModule } from './local-functions.ts';
import { clientAddress, requestUrl, sendWebResponse, toWebRequest } from './node-http.ts';
import { describeSchedules, startScheduler } from './scheduler.ts';

/**
 * `npm run dev`'s Netlify: the functions in process through Vite's SSR loader, so an edit to a
 * function or anything it imports is live on the next call, and `netlify.toml` redirects and
 * headers from NetlifyDev, as `@netlify/vite-plugin` applies them. The database is the one
 * `scripts/dev.ts` started (NETLIFY_DB_URL), with the same one-transaction lock as `npm start`.
 */
export function netlifyLocal(options: { projectRoot: string; functionsDir: string; schedules?: boolean }): Plugin {
  return {
    name: 'leyton:netlify-local',
    async configureServer(server) {
      if (!server.httpServer) return;
      const logger = server.config.logger;
      const dev = new NetlifyDev({
        projectRoot: options.projectRoot,
        database: { enabled: false },
        functions: { enabled: false },
        edgeFunctions: { enabled: false },
        aiGateway: { enabled: false },
        geolocation: { enabled: false },
        images: { enabled: false },
        blobs: { enabled: false },
        skipGitignore: true,
        serverAddress: null,
        staticFiles: { directories: [server.config.root, server.config.publicDir] },
        logger: {
          log: () => undefined,
          warn: (m: string) => logger.warn(`[netlify] ${m}`),
          error: (m: string) => logger.error(`[netlify] ${m}`),
        } as never,
      });
      await dev.start();
      const functions = await createLocalFunctions({
        directory: options.functionsDir,
        siteUrl: process.env.URL ?? 'http://localhost:4321',
        load: (file) => server.ssrLoadModule(file) as Promise<FunctionModule>,
        logError: (...m) =>
          logger.error(m.map((x) => (x instanceof Error ? (x.stack ?? x.message) : String(x))).join(' ')),
      });
      // A function added, removed or given another path is routed without a restart.
      server.watcher.add(options.functionsDir);
      server.watcher.on('all', (_event, file) => {
        if (path.resolve(file).startsWith(options.functionsDir + path.sep)) {
          functions
            .rescan()
            .catch((error: unknown) => logger.error(`[netlify] could not read the functions: ${String(error)}`));
        }
      });
      // The scheduled functions on their schedules, loaded like the others (an edit is live on the next run).
      const scheduler = options.schedules ? startScheduler({ functions }) : undefined;
      if (scheduler)
        logger.info(`Scheduled functions run here on their schedules (UTC): ${describeSchedules(functions.functions)}`);
      server.httpServer.once('close', () => {
        void (scheduler?.stop() ?? Promise.resolve()).then(() => functions.drain()).then(() => dev.stop());
      });

      server.middlewares.use(async function netlifyLocalMiddleware(req, res, next) {
        try {
          const method = req.method ?? 'GET';
          const url = requestUrl(req, `localhost:${req.socket.localPort}`);
          // `//…` is no path of the site's, and NetlifyDev cannot parse it: Astro answers its 404.
          if (!url || url.pathname.startsWith('//')) return next();
          const fn = functions.match(url, method);
          if (fn && !fn.preferStatic) {
            await sendWebResponse(
              await functions.invoke(fn, toWebRequest(req, url), { ip: clientAddress(req) }),
              res,
              method,
            );
            return;
          }
          const headers: Record<string, string> = {};
          const result = await dev.handleAndIntrospectNodeRequest(req, {
            headersCollector: (key: string, value: string) => {
              headers[key] = value;
            },
            serverAddress: `http://localhost:${req.socket.localPort}`,
          });
          if (result && result.type !== 'static') {
            await sendWebResponse(result.response, res, method);
            return;
          }
          if (fn && !result) {
            // A function that prefers static files answers when there is none.
            await sendWebResponse(
              await functions.invoke(fn, toWebRequest(req, url), { ip: clientAddress(req) }),
              res,
              method,
            );
            return;
          }
          for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
          next();
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
