// `npm run dev`: the reference server on PORT (8080) and Vite's dev server on 5173, proxying API and sign-on to it.
import { createServer } from 'vite';
import { loadConfig } from './config.ts';
import { boot } from './boot.ts';

const config = loadConfig();
// As before: the dev server runs no simulator (npm start does).
const app = await boot({ ...config, simulator: false });
await app.listen({ port: config.port, host: config.host });
const target = `http://127.0.0.1:${config.port}`;
const vite = await createServer({
  server: {
    port: 5173,
    proxy: {
      '/api': target,
      '/sso': target,
      '/IBP_REFRESH.do': target,
      '/healthz': target,
      '/ws': { target: target.replace('http', 'ws'), ws: true },
    },
  },
});
await vite.listen();
vite.printUrls();
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => void Promise.all([vite.close(), app.close()]).then(() => process.exit(0)));
}
