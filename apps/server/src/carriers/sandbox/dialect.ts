import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxFaults, TOperation } from './faults.js';
import type { TSandboxDialect } from './scenarios.js';
import type { SandboxStore, TStatusChange } from './store.js';

/** What each carrier dialect module implements for the sandbox server (index.ts routes to it). */
export interface TSandboxRequest {
  method: string;
  /** Path after the dialect prefix, e.g. '/parcels/' for /yalidine/v1/parcels/. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface TSandboxReply {
  status: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface TDialectContext {
  store: SandboxStore;
  faults: SandboxFaults;
  now(): number;
  /** Credentials namespace of the caller. */
  account: string;
  /** 'yalidine' / 'guepex', an EcoTrack tenant name... */
  network: string;
  /** The sandbox's own base URL (for public label links). */
  publicUrl: string;
  /** Status changes produced by the request, queued for webhooks. */
  emit(changes: readonly TStatusChange[]): void;
  options: { yalidineBatchMode: 'per_parcel' | 'all_or_nothing' };
}

export interface TDialectHandler {
  dialect: TSandboxDialect;
  operation(req: TSandboxRequest): TOperation;
  /** The account key, or null when the credentials are refused (401). */
  authenticate(req: TSandboxRequest): string | null;
  handle(req: TSandboxRequest, ctx: TDialectContext): TSandboxReply;
  rateLimited(retryAfterSeconds: number): TSandboxReply;
  unauthorized(): TSandboxReply;
  serverError(status: number): TSandboxReply;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): TSandboxReply {
  return { status, json: body, ...(headers ? { headers } : {}) };
}

/** Sandbox credentials: anything non-empty is accepted unless it contains "invalid" (to test refusals). */
export function acceptedCredential(...values: Array<string | string[] | undefined>): boolean {
  return values.every((v) => typeof v === 'string' && v.length > 0 && !v.toLowerCase().includes('invalid'));
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function bearer(headers: IncomingHttpHeaders): string | undefined {
  const auth = headerValue(headers, 'authorization');
  return auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
}

export function paginate<T>(rows: T[], query: URLSearchParams, defaultSize = 100) {
  const size = Math.min(1000, Math.max(1, Number(query.get('page_size') ?? defaultSize) || defaultSize));
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const data = rows.slice((page - 1) * size, page * size);
  return { has_more: page * size < rows.length, total_data: rows.length, data, page, size };
}

export const fieldText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
