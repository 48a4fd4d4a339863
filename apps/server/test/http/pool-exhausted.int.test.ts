import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { buildApp } from '../../src/http/app.js';
import { testConfig } from '../support/test-db.js';

// A request that finds every database connection busy past the pool's wait is answered 503
// 'unavailable' with Retry-After (the web says "the server is busy"), not 500 "unexpected error";
// once a connection is free again the same request is served. Needs a PostgreSQL pool (PGlite has
// one connection and no wait).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('no database connection free in time', () => {
  it('answers 503 unavailable with Retry-After, then serves the same request once a connection is free', async () => {
    const database = await openDatabase({ databaseUrl: url!, poolSize: 1, connectionWaitMs: 300 });
    const { app } = await buildApp(testConfig(), database);
    try {
      const login = () =>
        app.inject({
          method: 'POST',
          url: '/login',
          payload: { email: 'nobody@pool.dz', password: 'not-a-password-1' },
        });

      let release!: () => void;
      const held = database.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busy = await login();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.json()).toEqual({
        message: 'The server is busy. Please try again in a moment.',
        code: 'unavailable',
      });

      release();
      await held;
      const served = await login();
      expect(served.statusCode).not.toBe(503);
      expect(served.statusCode).toBeLessThan(500);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
