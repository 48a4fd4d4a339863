import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { TCarrierAdapter, TCarrierKind, TParcelInput } from '../../src/carriers/carrier.js';
import { createCarrierAdapter } from '../../src/carriers/registry.js';
import {
  SANDBOX_CREDENTIALS,
  startCarrierSandbox,
  type TCarrierSandbox,
  type TSandboxOptions,
} from '../../src/carriers/sandbox/index.js';
import { configureOutbound } from '../../src/lib/outbound-guard.js';

/** The sandbox and scripted carriers are local fakes on loopback: allowed in tests only (decision 0037). */
export function allowLocalFakes(): void {
  configureOutbound({ allowPrivate: true });
}

/** Real places from the reference data, so the sandbox's address checks pass. */
const PLACES = [
  { wilaya: { code: 16, name: 'Alger' }, commune: 'Alger Centre' },
  { wilaya: { code: 31, name: 'Oran' }, commune: 'Bir El Djir' },
  { wilaya: { code: 25, name: 'Constantine' }, commune: 'El Khroub' },
  { wilaya: { code: 9, name: 'Blida' }, commune: 'Bouinan' },
  { wilaya: { code: 6, name: 'Béjaïa' }, commune: 'Amizour' },
];

export function parcel(reference: string, index = 0, overrides: Partial<TParcelInput> = {}): TParcelInput {
  const place = PLACES[index % PLACES.length]!;
  return {
    reference,
    customer: { fullName: `Client ${index} Benali`, phone: `0555${String(100000 + index).slice(-6)}` },
    address: `${10 + index} rue des Martyrs`,
    wilaya: place.wilaya,
    commune: { name: place.commune },
    delivery: { type: 'home' },
    codAmount: 2500 + index * 10,
    productSummary: `${1 + (index % 3)}x Robe été`,
    freeShipping: false,
    ...overrides,
  };
}

export function parcels(prefix: string, count: number): TParcelInput[] {
  return Array.from({ length: count }, (_, i) => parcel(`${prefix}-${i + 1}`, i));
}

/** A real pino logger at trace level whose every line is kept (redaction tests read them all). */
export function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'trace' }, stream);
  return { logger, lines, text: () => lines.join('') };
}

/** HTTP settings for tests: short timeouts and delays; no client-side pacing unless a test wants it. */
export const FAST_HTTP = { timeoutMs: 400, baseDelayMs: 10, maxDelayMs: 50, rateLimit: {} } as const;

/**
 * One carrier sandbox for the test file: started before its tests, closed after them. The answer
 * stands for the running sandbox (read it inside tests and hooks, not at the file's top level).
 */
export function useCarrierSandbox(options: TSandboxOptions = {}): TCarrierSandbox {
  let started: TCarrierSandbox | undefined;
  beforeAll(async () => {
    started = await startCarrierSandbox(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TCarrierSandbox, {
    get(_, key) {
      if (!started) throw new Error('The carrier sandbox is not started yet (use it inside a test).');
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

type TAdapterOptions = NonNullable<Parameters<typeof createCarrierAdapter>[1]>;

/** A real adapter of `kind` speaking to the sandbox as the carrier `code` (fast HTTP settings, no settling delay). */
export function sandboxAdapter(
  sandbox: TCarrierSandbox,
  kind: Exclude<TCarrierKind, 'manual'>,
  options: {
    code?: string;
    credentials?: Record<string, string>;
    http?: TAdapterOptions['http'];
    baseUrl?: string;
  } = {},
): TCarrierAdapter {
  const code = options.code ?? kind;
  return createCarrierAdapter(
    {
      kind,
      code,
      baseUrl: options.baseUrl ?? sandbox.baseUrlFor(code, kind),
      credentials: options.credentials ?? SANDBOX_CREDENTIALS[kind],
    },
    { http: options.http ?? FAST_HTTP, settleMs: 0 },
  );
}

/** A local port nobody listens on (connections are refused: the request was never sent). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
