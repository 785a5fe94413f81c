// Vite build of the window (React), the sync worker (ES module) and the service worker (vite-plugin-pwa, injectManifest).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const NAVY = '#0b3d5c';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The glob already takes every icon; the plugin adds manifest.webmanifest itself.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // Images under /assets/img are many and mostly unused by any one user: cached on first use (sw/sw.ts).
        globIgnores: ['assets/img/**'],
      },
      manifest: {
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
      },
    }),
  ],
  build: {
    target: 'es2022',
  },
  worker: {
    format: 'es',
    // A name of its own, so the bench (and a person reading dist/) can tell the sync worker from the window's chunks.
    rolldownOptions: { output: { entryFileNames: 'assets/sync-worker-[hash].js' } },
  },
});
