import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Where `vite dev` forwards the server's paths; the built app is served by the sync server
// itself, so this only matters during development.
const apiTarget = process.env.POPOTE_API_URL ?? 'http://127.0.0.1:8080';
// The shared list's JSON, not its page (/shop-session is the web app's guest page).
const serverPaths = [
  '/api',
  '/sync',
  '/import-sejour',
  '/shop-session/list',
  '/shop-session/ticks',
];

export default defineConfig({
  resolve: {
    // Workspace packages are compiled from their TypeScript source, never from a stale build.
    conditions: ['source', ...defaultClientConditions],
    alias: {
      html2canvas: fileURLToPath(new URL('./src/pdf-optional-stub.ts', import.meta.url)),
      canvg: fileURLToPath(new URL('./src/pdf-optional-stub.ts', import.meta.url)),
    },
  },
  plugins: [
    react(),
    VitePWA({
      // Chosen once for good: switching strategies later strands installed clients.
      registerType: 'prompt',
      // The app registers the worker itself (src/pwa/UpdatePrompt.tsx) to show its own prompt.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Popote',
        short_name: 'Popote',
        description: 'Organisez vos recettes et vos menus pour faciliter la cuisine en groupe.',
        lang: 'fr',
        theme_color: '#fab005',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '.',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'maskable-icon-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest}'],
        // The spreadsheet and PDF chunks are large but must work offline too.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // The app's hashed files straight from the precache, without the worker's JavaScript
        // (public/sw-static-routes.js).
        importScripts: ['sw-static-routes.js'],
        navigateFallback: 'index.html',
        // Server pages (mail confirmation links, the phone export link) must reach the server.
        navigateFallbackDenylist: serverPaths.map((p) => new RegExp(`^${p}(/|$|\\?)`)),
      },
    }),
  ],
  worker: {
    // The exports worker loads jsPDF and exceljs with import(): only ES module workers can
    // be split into chunks (the default, iife, cannot).
    format: 'es',
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, Mantine, Dexie and the router alone make about 550 kB minified; heavy optional
    // parts (PDF, spreadsheet) are loaded with import() and stay out of this chunk.
    chunkSizeWarningLimit: 1024,
    // One stylesheet, linked by index.html (the screens' own styles are 2 kB of its 256): a
    // screen's import() then does not wait for its stylesheet's load event, which the browser
    // dispatches only once the main thread is free, after the shell's first render; the
    // agenda's code was asked 30 ms later for it on the first load from the worker (issue 36).
    cssCodeSplit: false,
    modulePreload: {
      // index.html keeps its modulepreload links (the first paint's chunks, fetched at once).
      // A dynamic import does not add links for its chunk's dependencies: the browser finds them
      // in the chunk itself, from the service worker's cache in a few milliseconds, while
      // inserting the links (about 25 for a screen) cost 80 ms of main thread at CPU ÷4
      // (issue 36).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Modules shared by several screens' chunks are otherwise merged into one common chunk
          // that the entry imports too, so the first paint loaded the CSV parser, the exports'
          // plans and the schema compiler of the screens it does not show (issue 36). Each in its
          // own chunk, loaded by the screens that use them.
          // A group takes its modules only, not what they import (the domain, React).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'papaparse', test: /[\\/]node_modules[\\/]papaparse[\\/]/ },
            { name: 'domain-csv', test: /[\\/]packages[\\/]domain[\\/]src[\\/]csv[\\/]/ },
            { name: 'exports-plans', test: /[\\/]packages[\\/]exports[\\/]/ },
            { name: 'typebox', test: /[\\/]node_modules[\\/]@sinclair[\\/]typebox[\\/]/ },
          ],
        },
      },
    },
  },
});
