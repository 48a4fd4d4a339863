import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierError, type TCarrierKind } from '../../src/carriers/carrier.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import { startCarrierSandbox, type TCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { allowLocalFakes, captureLogger, closedPort, FAST_HTTP, parcel } from './support.js';

allowLocalFakes();

/**
 * Credentials never appear in a log line or a thrown error (issue 5). Every adapter runs its happy
 * path and its failure paths with a real pino logger at trace level; then the captured output and
 * every error (message, stack, JSON, inspect) are searched for each secret.
 */
let sandbox: TCarrierSandbox;
let echo: http.Server;
let echoUrl = '';

const SECRETS = {
  yalidine: { api_id: 'YAL-ID-7c41e2d9', api_token: 'YAL-TOKEN-b83f0a6e51' },
  ecotrack: { api_token: 'ECO-TOKEN-5d2a9e77c1' },
  zr_express: { api_key: 'ZR-KEY-93ab0f12', tenant_id: 'zr-tenant-visible' },
  maystro: { api_token: 'MAY-TOKEN-0e6c4b28' },
  noest: { api_token: 'NOE-TOKEN-aa31f907', user_guid: 'NOE-GUID-6612' },
} satisfies Record<Exclude<TCarrierKind, 'manual'>, Record<string, string>>;
const SECRET_VALUES = Object.entries(SECRETS).flatMap(([, c]) =>
  Object.entries(c)
    .filter(([k]) => k !== 'tenant_id')
    .map(([, v]) => v),
);

beforeAll(async () => {
  sandbox = await startCarrierSandbox();
  // A carrier that echoes what it received (URL with query token, auth headers) in its error pages.
  echo = http.createServer((req, res) => {
    res.statusCode = req.url?.includes('boom') ? 500 : 400;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        message: `Bad request ${req.url} auth=${req.headers.authorization} key=${req.headers['x-api-token']}`,
      }),
    );
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sandbox.close();
  echo.closeAllConnections();
  await new Promise<void>((r) => echo.close(() => r()));
});

function expectClean(text: string) {
  for (const secret of SECRET_VALUES) expect(text).not.toContain(secret);
}

function errorTexts(error: unknown): string {
  const e = error as Error;
  return [e.message, e.stack, JSON.stringify(e), inspect(e, { depth: 5 }), String(e)].join('\n');
}

async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('secret redaction', () => {
  it('keeps every credential out of pino output and errors across all adapters, success and failure', async () => {
    const { logger, text } = captureLogger();
    const errors: unknown[] = [];
    const outcomesText: string[] = [];
    const kinds = Object.keys(SECRETS) as Array<keyof typeof SECRETS>;

    for (const kind of kinds) {
      const code = kind === 'ecotrack' ? 'dhd' : kind;
      const adapter = createCarrierAdapter(
        { kind, code, baseUrl: sandbox.baseUrlFor(code, kind), credentials: SECRETS[kind] },
        { http: FAST_HTTP, settleMs: 0, logger },
      );
      // Happy path: create, track (EcoTrack puts the token in the query string), label.
      const [created] = await adapter.createParcels([parcel(`RED-${kind}`, 1)]);
      expect(created).toMatchObject({ ok: true });
      const tracking = created!.ok ? created!.trackingNumber : '';
      await adapter.validateParcels([tracking]);
      await adapter.getTracking([tracking]);
      await adapter.getLabel(tracking);
      // Failures: 5xx after retries, a lost answer, a refused parcel, a 429 storm.
      sandbox.faults.fail({ operation: 'track', times: 10, status: 503 });
      errors.push(await caught(() => adapter.getTracking([tracking])));
      sandbox.faults.clear();
      sandbox.faults.timeout({ operation: 'create', holdMs: 600 });
      outcomesText.push(JSON.stringify(await adapter.createParcels([parcel(`RED-TO-${kind}`, 2)])));
      sandbox.faults.refuse({ references: [`RED-NO-${kind}`], message: 'Refus transporteur' });
      outcomesText.push(JSON.stringify(await adapter.createParcels([parcel(`RED-NO-${kind}`, 3)])));
      sandbox.faults.clear();
      sandbox.faults.rateLimit({ operation: 'track', times: 10, retryAfterSeconds: 0 });
      errors.push(await caught(() => adapter.getTracking([tracking])));
      sandbox.faults.clear();
      // Refused credentials.
      const refused = createCarrierAdapter(
        {
          kind,
          code,
          baseUrl: sandbox.baseUrlFor(code, kind),
          credentials: Object.fromEntries(Object.entries(SECRETS[kind]).map(([k, v]) => [k, `${v}-invalid`])),
        },
        { http: FAST_HTTP, logger },
      );
      errors.push(await caught(() => refused.getTracking(['X'])));
      outcomesText.push(JSON.stringify(await refused.testConnection()));
      // A carrier that echoes the request (URL, headers) into its error body, and an unreachable one.
      for (const baseUrl of [`${echoUrl}/boom`, echoUrl, `http://127.0.0.1:${await closedPort()}`]) {
        const hostile = createCarrierAdapter(
          { kind, code, baseUrl, credentials: SECRETS[kind] },
          { http: FAST_HTTP, settleMs: 0, logger },
        );
        errors.push(await caught(() => hostile.getTracking(['ECHO1'])));
        outcomesText.push(JSON.stringify(await hostile.createParcels([parcel(`RED-ECHO-${kind}`, 0)])));
      }
    }

    expect(errors.every((e) => e instanceof CarrierError)).toBe(true);
    expect(text().length).toBeGreaterThan(1_000);
    expect(text()).toContain('[REDACTED]'); // query tokens were there, and were replaced
    expectClean(text());
    for (const error of errors) expectClean(errorTexts(error));
    expectClean(outcomesText.join('\n'));
    // The echoing carrier's message is kept (useful to the seller) minus the secret.
    const echoed = errors.map((e) => (e as Error).message).find((m) => m.includes('Bad request'));
    expect(echoed).toContain('[REDACTED]');
  });
});
