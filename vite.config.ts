// Vite build of the window (React), the sync worker and the service worker: one build, three entries, shared chunks.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contractModuleAsData } from './src/core/contract/as-data.ts';
import { fineCoast, worldText, type FineCoast } from './src/features/map/coast-build.ts';
import { TILES } from './src/features/map/coast.ts';

const NAVY = '#0b3d5c';

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside each text file of dist/, once at build time, which the server
 * sends as they are (server/http/static.ts): about a sixth fewer bytes than compressing each answer on the fly, on
 * the first install and every update. After the service worker's build, so sw.js is compressed too.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'quay-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!TEXT.test(file)) continue;
          const body = readFileSync(file);
          if (body.byteLength < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The contract's schema modules as plain data in the app's build (src/core/contract/as-data.ts): each is evaluated
 * once here, and the worker gets the objects without TypeBox's builder, about 20 KB less of a first install. A module
 * with code of its own is shipped as written. The server and the tests use the modules as written.
 */
function contractAsData(): Plugin {
  const CONTRACT = /[\\/]src[\\/]core[\\/]contract[\\/][\w-]+\.ts$/;
  return {
    name: 'quay-contract-as-data',
    apply: 'build',
    async load(id) {
      if (!CONTRACT.test(id) || id.endsWith('.test.ts')) return null;
      const source = readFileSync(id, 'utf8');
      if (!/from ['"]typebox['"]/.test(source)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const exports = (await tsImport(pathToFileURL(id).href, import.meta.url)) as Record<string, unknown>;
      // Null: code of its own (text.ts's schema helper), shipped as written and shaken out where unused;
      // tests/contract-as-data.test.ts holds every schema module to shipping as data.
      return contractModuleAsData(source, exports);
    },
  };
}

/** The module the map imports for its coast (src/features/map/fine-coast.ts). */
const COAST = 'virtual:quay-coast';
/** Where the fine coast's tiles are served: never precached, kept by the service worker once fetched (sw/sw.ts). */
const COAST_DIR = 'assets/coast';

/**
 * The map's coast from Natural Earth's land (src/features/map/coast-build.ts): the world at 1:110m as text inside the
 * map's chunk, and the 1:10m coast as one small file per tile, `assets/coast/{col}-{row}-{hash}.json`, fetched only
 * when the view comes close. The chunk also holds which tiles are all sea ('.'), all land ('l') or have a coast ('c'),
 * so nothing is asked for a tile with no coast. In development the tiles are served from memory.
 */
function coastTiles(): Plugin {
  const atlas = (name: string): unknown =>
    JSON.parse(readFileSync(resolve('node_modules/world-atlas', name), 'utf8'));
  let made: { world: string; fine: FineCoast; index: string; hash: string } | undefined;
  const make = () => {
    if (made) return made;
    const world = worldText(atlas('land-110m.json'));
    const fine = fineCoast(atlas('land-10m.json'));
    const land = new Set(fine.land);
    let index = '';
    for (let id = 0; id < TILES * TILES; id++) index += fine.tiles.has(id) ? 'c' : land.has(id) ? 'l' : '.';
    const hash = createHash('sha256');
    for (const [id, text] of fine.tiles) hash.update(`${id}:${text}\n`);
    made = { world, fine, index, hash: hash.digest('hex').slice(0, 10) };
    return made;
  };
  const file = (id: number, hash: string) =>
    `${COAST_DIR}/${id % TILES}-${Math.floor(id / TILES)}-${hash}.json`;
  return {
    name: 'quay-coast-tiles',
    resolveId(id) {
      return id === COAST ? `\0${COAST}` : null;
    },
    load(id) {
      if (id !== `\0${COAST}`) return null;
      const { world, index, hash } = make();
      return [
        `export const WORLD_COAST = ${JSON.stringify(world)};`,
        `export const TILE_INDEX = ${JSON.stringify(index)};`,
        `export const tileUrl = (id) => \`/${COAST_DIR}/\${id % ${TILES}}-\${Math.floor(id / ${TILES})}-${hash}.json\`;`,
      ].join('\n');
    },
    generateBundle() {
      const { fine, hash } = make();
      for (const [id, text] of fine.tiles)
        this.emitFile({ type: 'asset', fileName: file(id, hash), source: JSON.stringify(text) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/assets\/coast\/(\d+)-(\d+)-\w+\.json$/.exec(req.url ?? '');
        const text = m ? make().fine.tiles.get(Number(m[2]) * TILES + Number(m[1])) : undefined;
        if (text === undefined) return next();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(text));
      });
    },
  };
}

/** The module the window imports for the sync worker's address (src/platform/worker-bridge.ts). */
const SYNC_WORKER_URL = 'virtual:sync-worker-url';

/**
 * The sync worker as a chunk of the window's own build rather than a bundle of its own (Vite's `new Worker(new URL())`
 * builds one): what both run (Dexie, the database schema, the contract, the outbox) is then one shared chunk, loaded
 * and precached once, about 30 KB less of a first install. The worker is an ES module worker, so it imports those
 * chunks as the window does. In development the worker is served from its source.
 */
function syncWorkerChunk(): Plugin {
  let build = false;
  return {
    name: 'quay-sync-worker-chunk',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === SYNC_WORKER_URL ? `\0${SYNC_WORKER_URL}` : null;
    },
    load(id) {
      if (id !== `\0${SYNC_WORKER_URL}`) return null;
      if (!build) return `export default new URL('/worker/index.ts', import.meta.url).href;`;
      const ref = this.emitFile({ type: 'chunk', id: resolve('worker/index.ts'), name: 'sync-worker' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/**
 * The pages about people (My devices, user administration): each asks the server every time it opens, so with no
 * link they have nothing to show. Their chunk is not precached (PRECACHE), and most users never open them.
 */
const PEOPLE_CODE = /[\\/]src[\\/](screens[\\/]PeoplePage|features[\\/](admin|devices)[\\/])/;
/** Their chunk's name, after the screen that loads it (src/screens/PeoplePage.tsx): the service worker's route names it too. */
const PEOPLE_CHUNK = 'PeoplePage';

/** The service worker's source (sw/sw.ts), built to /sw.js. */
const SERVICE_WORKER = 'sw.js';
/**
 * What the service worker precaches: what opening and offline use need, nothing else. Every chunk of code is in it,
 * those loaded on first use (Port to port, Add to calendar's dialog) too: a chunk kept only once opened would be gone
 * after the next update of the app (its name carries its hash), and a crew that updated in port would find the
 * screen missing at sea. Images under /assets/img are
 * many and mostly unused by any one user: cached on first use (sw/sw.ts). The large and maskable icons and the Apple
 * touch icon are for installing to a home screen, which happens online; icon-192 stays (a push notification shows it).
 * The pages about people (PEOPLE_CODE) are the exception: with no link they have nothing to show, so they are cached
 * when first opened (sw/sw.ts), and a device that never opened them says at sea that they need the link.
 */
const PRECACHE = {
  globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
  globIgnores: [
    SERVICE_WORKER,
    'assets/img/**',
    'icons/icon-512.png',
    'icons/icon-maskable-*.png',
    'apple-touch-icon.png',
    `assets/${PEOPLE_CHUNK}-*`,
  ],
  // Hashed files are their own revision; the others (index.html, icons, the manifest) get one from their bytes.
  dontCacheBustURLsMatching: /^assets\//,
};

/**
 * The service worker as a module chunk of the app's own build, like the sync worker: what it shares with them (Dexie,
 * the database schema, the outbox, the meter) is the same shared chunk, precached once, instead of a second copy in a
 * bundle of its own (about 35 KB of a first install). It is registered with `type: 'module'` (module service workers:
 * Chrome 91, Safari 15, Firefox 147). After the build, the precache's list (workbox-build's getManifest over dist/,
 * each file with its revision) replaces `self.__WB_MANIFEST` in sw.js, before the files are precompressed.
 */
function serviceWorkerChunk(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quay-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: resolve('sw/sw.ts'), fileName: SERVICE_WORKER });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { getManifest } = await import('workbox-build');
        const { manifestEntries, warnings } = await getManifest({ globDirectory: outDir, ...PRECACHE });
        if (warnings.length > 0) throw new Error(`The precache's list: ${warnings.join('; ')}`);
        const file = join(outDir, SERVICE_WORKER);
        const code = readFileSync(file, 'utf8');
        const INJECTION_POINT = 'self.__WB_MANIFEST';
        if (code.split(INJECTION_POINT).length !== 2)
          throw new Error(`${SERVICE_WORKER} must name ${INJECTION_POINT} exactly once`);
        writeFileSync(file, code.replace(INJECTION_POINT, JSON.stringify(manifestEntries)));
      },
    },
  };
}

/** The web app manifest (manifest.webmanifest), linked from index.html: name, colours, icons, standalone display. */
function webManifest(): Plugin {
  const manifest = {
    id: '/',
    name: 'Quay',
    short_name: 'Quay',
    description:
      'Follow vessels, services and ports, get notifications and chat ship to shore, online or at sea.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#eef3f7',
    theme_color: NAVY,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return {
    name: 'quay-web-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(manifest) });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
    ],
  };
}

/**
 * What the entries share goes in chunks of its own: Dexie, Comlink, src/core, src/device, and Vite's preload helper
 * (once the worker loads a chunk on first use: Port to port's search).
 */
const SHARED_CODE = /node_modules[\\/](dexie|comlink)[\\/]|[\\/]src[\\/](core|device)[\\/]|preload-helper/;
/** The window's own layers (docs/architecture.md#the-windows-layers). */
const WINDOW_CODE = /[\\/]src[\\/](platform|ui|state|features|screens|shell)[\\/]/;
/**
 * Window code that a role's home draws as soon as it opens (the map, Port Live's table at a desk): chunks of their own,
 * so that the first visit waits for them alone and not for the rest of the later code. The map's label text is the
 * vessel page's too, and the map does not use it.
 */
const HOME_LATER_CODE = /[\\/]src[\\/]features[\\/](map[\\/](?!map-label)|ports[\\/]PortTable)/;
/** Libraries that only the later code uses (the notification list's virtual scrolling): in its chunk, not one more. */
const LATER_LIBRARIES = /node_modules[\\/]@tanstack[\\/]/;
/** The window's entry (index.html's module script). */
const WINDOW_ENTRY = resolve('src/main.tsx');
type ModuleImports = (id: string) => { importedIds: readonly string[] } | null;

/**
 * The modules the window's first page runs: what its entry imports statically, through any chain. A module the window
 * imports only on first use (a lazy screen), or not at all, is not in it. Made once a build (see windowStartChunk).
 */
let windowStart: Set<string> | null = null;
function windowStartRuns(id: string, imports: ModuleImports): boolean {
  if (!windowStart) {
    windowStart = new Set([WINDOW_ENTRY]);
    for (const m of windowStart) for (const i of imports(m)?.importedIds ?? []) windowStart.add(i);
  }
  return windowStart.has(id);
}

/** Forgets the window's first-page modules at each build's start (a watching build rebuilds). */
function windowStartChunk(): Plugin {
  return {
    name: 'quay-window-start',
    apply: 'build',
    buildStart() {
      windowStart = null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    contractAsData(),
    syncWorkerChunk(),
    coastTiles(),
    serviceWorkerChunk(),
    webManifest(),
    precompress(),
    windowStartChunk(),
  ],
  resolve: {
    // Dexie's ES module build for current browsers rather than the UMD file its import wrapper loads: the bundler then
    // hoists and minifies it with the rest, with no CommonJS wrapper (1.9 KB less of the window's first page).
    alias: [{ find: /^dexie$/, replacement: resolve('node_modules/dexie/dist/modern/dexie.mjs') }],
  },
  build: {
    target: 'es2022',
    // A chunk the sync worker imports on first use (Port to port's) is loaded by the worker, which has no document to
    // preload into: no preload list there (what it needs besides is the worker's own, already loaded).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => (hostId.includes('sync-worker') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Code that several of the entries run goes in chunks named for what they are (automatic chunking would name
        // them after one of their modules and split off crumbs of a few hundred bytes): `shared`, what the window's
        // first page runs too (Dexie, the schema, the pure rules), and `device`, what the first page does not run
        // (the outbox's drain and operations, the HTTP client and token: the sync worker's, the service worker's, a
        // lazy screen's). The first page loads `shared` alone: the outbox code the two workers share stays out of it.
        codeSplitting: {
          groups: [
            {
              name: (id, ctx) => (windowStartRuns(id, (m) => ctx.getModuleInfo(m)) ? 'shared' : null),
              test: SHARED_CODE,
              minShareCount: 2,
              priority: 2,
            },
            {
              // The window's own modules that its first page runs and a lazy chunk imports too (the database, the
              // worker's door): one chunk of the first page rather than crumbs of a few hundred bytes each.
              name: (id, ctx) => (windowStartRuns(id, (m) => ctx.getModuleInfo(m)) ? 'window' : null),
              test: WINDOW_CODE,
              minShareCount: 2,
              priority: 2,
            },
            {
              // The rest of the window's code that its first page does not run (the drawers, the other pages, the
              // dialogs): one chunk, not twenty. Every one of them is precached, so a first install fetched each with
              // its own request, and over HTTP/1.1 a request's headers (about 900 B both ways) were more than half of
              // a small chunk. They are on the device once installed, so a first opening costs the link nothing.
              name: (id, ctx) =>
                windowStartRuns(id, (m) => ctx.getModuleInfo(m)) ||
                HOME_LATER_CODE.test(id) ||
                PEOPLE_CODE.test(id)
                  ? null
                  : 'later',
              test: (id) => WINDOW_CODE.test(id) || LATER_LIBRARIES.test(id),
              priority: 1,
              // Not what they import besides: that stays where it was (the first page's, the workers').
              includeDependenciesRecursively: false,
            },
            {
              name: 'device',
              test: SHARED_CODE,
              minShareCount: 2,
              priority: 1,
              // Not what its modules import besides: the drain re-exports the count the first page runs, which would
              // otherwise come here and bring this chunk into the first page.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
