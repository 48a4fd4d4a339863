import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA under /build/ (SPEC 2.1). Files that exist are sent as they are (hashed
 * assets cached for a year, immutable); every other /build/ path is a client route and gets
 * index.html. The build writes a .br and a .gz of each text file (apps/web/vite.config.ts): a
 * browser that accepts one gets it, never compressed again per request (docs/decisions/0074).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: webDistDir, serve: false, preCompressed: true });
  const indexFile = path.join(webDistDir, 'index.html');

  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/build/'));
  app.get('/build', { config: { access: 'public' } }, (_request, reply) => reply.redirect('/build/'));

  app.get('/build/*', { config: { access: 'public' } }, (request, reply) => {
    const wanted = (request.params as { '*': string })['*'] ?? '';
    const file = path.normalize(path.join(webDistDir, wanted));
    const inside = file.startsWith(webDistDir + path.sep);
    if (inside && wanted && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = wanted.startsWith('assets/');
      return reply.sendFile(wanted, { maxAge: immutable ? '365d' : 0, immutable });
    }
    if (!fs.existsSync(indexFile)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    // A missing asset is a 404, not the SPA shell (avoids serving HTML as JavaScript).
    if (wanted.startsWith('assets/')) return reply.status(404).send({ message: 'Not found.' });
    // Our Cache-Control, not @fastify/static's `public, max-age=0`: revalidate on every visit.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
