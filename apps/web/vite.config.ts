import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (apps/server) in development; `npm start -w apps/server` listens here.
const API_TARGET = 'http://localhost:3000';

// @emotion/cache pins its own stylis; the right-to-left cache (app/emotion-cache.ts) and
// stylis-plugin-rtl would otherwise bundle a second copy (2.5 KB gzipped on the login page).
const require = createRequire(import.meta.url);
const EMOTION_STYLIS = dirname(
  createRequire(require.resolve('@emotion/cache/package.json')).resolve('stylis/package.json'),
);

/**
 * Writes a .br and a .gz next to every text file of the build over 1 KB, at the strongest levels
 * (once, at build time), which the server sends as they are to a browser that accepts them
 * (apps/server/src/http/spa.ts, docs/decisions/0074). Skipped when compression saves under 10%.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'cod-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: 9 }),
          ]);
          if (br.length < source.length * 0.9) await writeFile(`${path}.br`, br);
          if (gzipped.length < source.length * 0.9) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}

// SPEC 2.1 / 9: the SPA lives under /build/; every other path belongs to the server (same origin).
export default defineConfig({
  base: '/build/',
  plugins: [react(), precompress()],
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
