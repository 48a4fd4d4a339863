// A small reverse proxy in front of several server instances (issue 16.4, docs/operations/scale-out.md),
// built on http-proxy-3: what the scale-out test and `BENCH_INSTANCES=2 npm run bench:load` put in
// front of the instances, and what an operator can run by hand to try two instances on one machine:
//
//   node --import tsx apps/server/scripts/load-balancer.ts 8080 http://127.0.0.1:3001 http://127.0.0.1:3002
//
// HTTP requests go round-robin. Socket.IO's (`/socket.io/`, polling and the WebSocket upgrade) stay
// on one instance per browser: a browser starts with long-polling, whose requests must all reach
// the instance that opened the session, so the first answer sets a `cod_lb` cookie naming the
// instance and later requests carrying it go there (haproxy's `cookie ... insert`, nginx's sticky).
// In production put nginx or haproxy there with the same two rules (docs/decisions/0108).
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

const STICKY_COOKIE = 'cod_lb';

export interface TBalancer {
  url: string;
  /** Requests (and WebSocket upgrades) sent to each upstream, in the order given. */
  hits: number[];
  close(): Promise<void>;
}

function stickyIndex(request: http.IncomingMessage, upstreams: number): number | null {
  const match = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${STICKY_COOKIE}=(\\d+)`));
  const index = match ? Number(match[1]) : NaN;
  return Number.isInteger(index) && index >= 0 && index < upstreams ? index : null;
}

export async function startBalancer(upstreams: string[], options: { port?: number } = {}): Promise<TBalancer> {
  if (!upstreams.length) throw new Error('no upstream');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  // xfwd: the instances see the client's address in X-Forwarded-For (their TRUST_PROXY lists us).
  const proxy = createProxyServer({ agent, xfwd: true });
  const hits = upstreams.map(() => 0);
  let turn = 0;
  const choose = (request: http.IncomingMessage): number => {
    const socketIo = request.url?.startsWith('/socket.io/') ?? false;
    const sticky = socketIo ? stickyIndex(request, upstreams.length) : null;
    const index = sticky ?? turn++ % upstreams.length;
    hits[index]! += 1;
    return index;
  };
  proxy.on('proxyRes', (upstream, request) => {
    const socketIo = request.url?.startsWith('/socket.io/') ?? false;
    const chosen = (request as http.IncomingMessage & { upstreamIndex?: number }).upstreamIndex;
    if (!socketIo || chosen === undefined || stickyIndex(request, upstreams.length) === chosen) return;
    const cookie = `${STICKY_COOKIE}=${chosen}; Path=/socket.io/; HttpOnly; SameSite=Lax`;
    const existing = upstream.headers['set-cookie'] ?? [];
    upstream.headers['set-cookie'] = [...existing, cookie];
  });
  const server = http.createServer((request, response) => {
    const index = choose(request);
    (request as http.IncomingMessage & { upstreamIndex?: number }).upstreamIndex = index;
    proxy.web(request, response, { target: upstreams[index] }, () => {
      if (response.headersSent) return void response.destroy();
      response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream unavailable');
    });
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    proxy.ws(request, socket, head, { target: upstreams[choose(request)] }, () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
      agent.destroy();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [port, ...upstreams] = process.argv.slice(2);
  const balancer = await startBalancer(upstreams, { port: Number(port) });
  console.log(`load balancer on ${balancer.url} -> ${upstreams.join(', ')}`);
}
