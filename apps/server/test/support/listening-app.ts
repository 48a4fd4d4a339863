import type { Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import { openTestApp } from './test-db.js';

/**
 * A test app listening on a free loopback port, for tests that open real sockets: its base URL,
 * and a list where the test keeps its sockets (all closed after the file's tests).
 */
export async function openListeningApp(overrides: Record<string, string> = {}) {
  const { app, database } = await openTestApp(overrides);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));
  return { app, database, baseUrl, sockets };
}
