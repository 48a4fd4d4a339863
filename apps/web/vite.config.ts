import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) in development; `npm start -w apps/server` listens here.
const API_TARGET = 'http://localhost:3000';

// SPEC 2.1 / 9: the SPA lives under /build/; every other path belongs to the server (same origin).
export default defineConfig({
  base: '/build/',
  plugins: [react()],
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
