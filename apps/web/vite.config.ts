import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) in development; `npm start -w apps/server` listens here.
const API_TARGET = 'http://localhost:3000';

// @emotion/cache pins its own stylis; the right-to-left cache (app/emotion-cache.ts) and
// stylis-plugin-rtl would otherwise bundle a second copy (2.5 KB gzipped on the login page).
const require = createRequire(import.meta.url);
const EMOTION_STYLIS = dirname(
  createRequire(require.resolve('@emotion/cache/package.json')).resolve('stylis/package.json'),
);

// SPEC 2.1 / 9: the SPA lives under /build/; every other path belongs to the server (same origin).
export default defineConfig({
  base: '/build/',
  plugins: [react()],
  resolve: {
    alias: [{ find: /^stylis$/, replacement: `${EMOTION_STYLIS}/index.js` }],
  },
  server: {
    port: 5173,
    proxy: {
      // ws: Socket.IO upgrades to a WebSocket through the same proxy.
      '^/(?!build(?:/|$)).*': { target: API_TARGET, changeOrigin: false, ws: true },
    },
  },
  build: {
    // scripts/report-login-bundle.mjs reads the manifest to measure the login route's JS.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // @cod/shared is pure (ARCHITECTURE 1: "No I/O"), but its package.json does not say so;
        // without this, importing one constant drags every zod schema into the entry chunk.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
