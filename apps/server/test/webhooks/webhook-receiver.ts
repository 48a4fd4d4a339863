import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface TReceived {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers the n-th request (0-based) of a path. */
export type TScript = (n: number) => { status: number; delayMs?: number };

/** A local HTTP server standing in for a shop's webhook receiver: it records every request. */
export async function startReceiver(scripts: Record<string, TScript>) {
  const received: TReceived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = received.filter((r) => r.path === path).length;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const script: TScript = scripts[path] ?? (() => ({ status: 200 }));
      const { status, delayMs = 0 } = script(n);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    of: (path: string) => received.filter((r) => r.path === path),
  };
}
