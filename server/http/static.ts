// Serves the built app (dist/) with SPA fallback: hashed assets cached for a year, the shell revalidated, and sw.js
// kept for an hour: the browser checks it on every page load, and on a paid link that check need not go out each
// time (src/platform/sw-register.ts registers with updateViaCache 'all'), so a new version reaches a device within the hour.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context.ts';
import { errorBody } from './errors.ts';
import { CALENDAR_FEED_PREFIX } from '../../src/core/contract/api.ts';

/** How long the browser may use its copy of sw.js before checking the server for a new version. */
const SW_MAX_AGE_S = 3600;

/** Icons keep their names from one version to the next: the browser keeps them a day rather than asking again on
 * every page (the sign-on page and each reload asked for favicon.svg: three 304s in a first install). */
const ICON = /\/(favicon\.(svg|ico)|apple-touch-icon\.png|icons\/[\w-]+\.png)$/;
const ICON_MAX_AGE_S = 86_400;

/** The server's own paths (the calendar feeds' too): one no route takes is a 404, never the app's page. */
const API_PREFIXES = ['/api/', '/sso/', '/IBP_REFRESH.do', '/healthz', '/ws', `${CALENDAR_FEED_PREFIX}/`];

export async function staticApp(app: App, distDir: string): Promise<void> {
  const built = existsSync(`${distDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build's .br and .gz files (vite.config.ts), compressed once at the highest levels.
      preCompressed: true,
      index: 'index.html',
      setHeaders(reply, path) {
        // The file sent may be the .br or .gz beside the one asked for: its rule is the one asked for's.
        const asked = path.replace(/\.(br|gz)$/, '');
        reply.header(
          'cache-control',
          /\/assets\/.+-[\w-]{8,}\.\w+$/.test(asked)
            ? 'public, max-age=31536000, immutable'
            : /\/sw\.js$/.test(asked)
              ? `public, max-age=${SW_MAX_AGE_S}`
              : ICON.test(asked)
                ? `public, max-age=${ICON_MAX_AGE_S}`
                : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => path.startsWith(p)) &&
      !/\.\w{1,5}$/.test(path);
    if (!wantsPage) {
      return reply.code(404).send(errorBody(404, 'NotFoundError', `No route for ${req.method} ${path}`));
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
