import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  m,
  SHIPPING_MESSAGES as M,
  type TShippingCompany,
  type TShippingCompanyInput,
  ZShippingCompanyInput,
} from '@cod/shared';
import type { z } from 'zod';
import {
  CarrierError,
  type TCarrierAdapter,
  type TCarrierKind,
  type TCarrierLogger,
  type TConnectionResult,
} from '../../carriers/carrier.js';
import { CREDENTIAL_FIELDS, findPreset } from '../../carriers/catalogue.js';
import {
  CredentialsError,
  decryptCredentials,
  encryptCredentials,
  maskCredentials,
  mergeCredentialUpdate,
  type TCarrierKeyring,
} from '../../carriers/credentials.js';
import type { Tx } from '../../db/client.js';
import { REFERENCE_DIR } from '../../db/seed/reference-data.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import type { TActor } from '../../http/actor.js';
import { isUniqueViolation } from '../products/db-errors.js';
import { buildAdapter } from './carrier-runtime.js';
import { assertCompanyBaseUrl } from './company-base-url.js';
import * as repo from './shipping-companies.repository.js';

// What the shipping and orders modules read of the companies, inside their own transactions: the
// repository stays this module's own (docs/decisions/0043).
export {
  companyOfWebhookToken,
  countCompanies,
  findCompany,
  listCompanies,
  shippingCompanyExists,
  stopDeskName,
  stopDesksOf,
  upsertFees,
  type TCompanyRecord,
  type TWebhookTarget,
} from './shipping-companies.repository.js';
export { findDemoShop } from './demo-shop.repository.js';

type TInput = z.output<typeof ZShippingCompanyInput>;

/** Decision 0019: the ciphertext is bound to its tenant and row. */
export const credentialsContext = (tenantId: number, companyId: number) => `carrier:${tenantId}:${companyId}`;

export function openCredentials(keyring: TCarrierKeyring, tenantId: number, company: repo.TCompanyRecord) {
  if (!company.credentials_encrypted) return {};
  return decryptCredentials(keyring, company.credentials_encrypted, credentialsContext(tenantId, company.id));
}

/** Carriers that push status changes (decision 0018): their webhook address is shown to the seller. */
const PUSHES: readonly TCarrierKind[] = ['yalidine', 'zr_express'];

export function companyView(
  keyring: TCarrierKeyring,
  tenantId: number,
  company: repo.TCompanyRecord,
  appUrl: string,
): TShippingCompany {
  let credentials: Record<string, string> = {};
  try {
    credentials = maskCredentials(company.kind, openCredentials(keyring, tenantId, company));
  } catch (error) {
    if (!(error instanceof CredentialsError)) throw error;
  }
  return {
    id: company.id,
    kind: company.kind,
    code: company.code,
    name: company.name,
    icon: company.icon,
    base_url: company.base_url,
    credentials,
    active: company.active,
    served_wilayas: company.served_wilayas,
    sender_wilaya: company.sender_wilaya,
    webhook_url: PUSHES.includes(company.kind) ? `${appUrl}/webhooks/carriers/${company.webhook_token}` : null,
    created_at: new Date(company.created_at).toISOString(),
  };
}

function valuesOf(input: TInput): repo.TCompanyValues {
  return {
    kind: input.kind,
    code: input.code,
    name: input.name,
    icon: input.icon,
    baseUrl: input.base_url,
    active: input.active,
    servedWilayas: input.served_wilayas,
    senderWilaya: input.sender_wilaya,
  };
}

/** The carrier needs an address: the preset's, or the one the seller gives (an EcoTrack tenant). */
function assertReachable(input: TInput): void {
  if (input.kind === 'manual' || input.base_url) return;
  const preset = findPreset(input.code);
  if (!preset?.baseUrl || preset.kind !== input.kind) {
    throw AppError.validation({ base_url: [m('shipping_company.base_url_required')] });
  }
}

function assertCredentials(kind: TCarrierKind, credentials: Record<string, string>): void {
  const errors: Record<string, string[]> = {};
  for (const field of CREDENTIAL_FIELDS[kind]) {
    if (field.required && !credentials[field.name])
      errors[`credentials.${field.name}`] = [m('shipping_company.credential_required', { name: field.name })];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** A write of the company row in a savepoint: a code another company of the shop has becomes the form's error. */
async function writeCompanyRow<T>(tx: Tx, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation({ code: [m('shipping_company.code_taken')] });
    throw error;
  }
}

export async function createCompany(
  tx: Tx,
  keyring: TCarrierKeyring,
  actor: TActor,
  raw: TShippingCompanyInput,
): Promise<repo.TCompanyRecord> {
  const input = ZShippingCompanyInput.parse(raw);
  assertReachable(input);
  const credentials = mergeCredentialUpdate(input.kind, {}, input.credentials);
  assertCredentials(input.kind, credentials);
  assertCompanyBaseUrl(input, actor.tenantId);
  const id = await writeCompanyRow(tx, (sp) =>
    repo.insertCompany(sp, actor.tenantId, {
      ...valuesOf(input),
      webhookToken: crypto.randomBytes(18).toString('base64url'),
    }),
  );
  if (Object.keys(credentials).length) {
    await repo.setCredentials(
      tx,
      actor.tenantId,
      id,
      encryptCredentials(keyring, credentials, credentialsContext(actor.tenantId, id)),
    );
  }
  if (input.code === 'yalidine') await repo.replaceStopDesks(tx, actor.tenantId, id, await yalidineCentresFile());
  await recordAudit(tx, {
    ...auditBy(actor, 'shipping_company', id),
    action: 'create',
    // Never the credential values: only which fields are set.
    changes: { code: input.code, kind: input.kind, credential_fields: Object.keys(credentials) },
  });
  return (await repo.findCompany(tx, actor.tenantId, id))!;
}

export async function updateCompany(
  tx: Tx,
  keyring: TCarrierKeyring,
  actor: TActor,
  id: number,
  raw: TShippingCompanyInput,
): Promise<repo.TCompanyRecord> {
  const input = ZShippingCompanyInput.parse(raw);
  const company = await repo.findCompany(tx, actor.tenantId, id, { lock: true });
  if (!company) throw AppError.notFound('Shipping company');
  assertReachable(input);
  let stored: Record<string, string> = {};
  if (company.kind === input.kind) {
    try {
      stored = openCredentials(keyring, actor.tenantId, company);
    } catch (error) {
      // A row the key no longer opens: the seller types the credentials again.
      if (!(error instanceof CredentialsError)) throw error;
    }
  }
  const credentials = mergeCredentialUpdate(input.kind, stored, input.credentials);
  assertCredentials(input.kind, credentials);
  assertCompanyBaseUrl(input, actor.tenantId, company.base_url);
  await writeCompanyRow(tx, (sp) => repo.updateCompany(sp, actor.tenantId, id, valuesOf(input)));
  await repo.setCredentials(
    tx,
    actor.tenantId,
    id,
    Object.keys(credentials).length
      ? encryptCredentials(keyring, credentials, credentialsContext(actor.tenantId, id))
      : null,
  );
  const changedCredentials = CREDENTIAL_FIELDS[input.kind]
    .filter((f) => (stored[f.name] ?? '') !== (credentials[f.name] ?? ''))
    .map((f) => f.name);
  await recordAudit(tx, {
    ...auditBy(actor, 'shipping_company', id),
    action: 'update',
    changes: {
      code: input.code,
      kind: input.kind,
      active: input.active,
      credential_fields_changed: changedCredentials,
    },
  });
  return (await repo.findCompany(tx, actor.tenantId, id))!;
}

/** A company with its adapter, for flows that call the carrier (outside any transaction). */
export interface TOpenCompany {
  company: repo.TCompanyRecord;
  adapter: TCarrierAdapter;
}

export function openAdapter(
  keyring: TCarrierKeyring,
  tenantId: number,
  company: repo.TCompanyRecord,
  logger?: TCarrierLogger,
): TCarrierAdapter {
  let credentials: Record<string, string>;
  try {
    credentials = openCredentials(keyring, tenantId, company);
  } catch (error) {
    if (error instanceof CredentialsError) throw AppError.validation({ shipping_company_id: [M.credentialsLost] });
    throw error;
  }
  try {
    return buildAdapter(
      { tenantId, kind: company.kind, code: company.code, baseUrl: company.base_url },
      credentials,
      logger ? { logger } : {},
    );
  } catch (error) {
    // No adapter (the sandbox is off, `sandbox://` of another shop...): a conflict, never a 500.
    if (error instanceof CarrierError) throw new AppError('conflict', error.publicMessage);
    throw error;
  }
}

/**
 * Issue 5.3 "test the connection": an answer, never an exception, and only the adapter's two
 * messages or a public one (decision 0037) -- a company the guard or the sandbox rule refuses
 * reads like an unreachable carrier.
 */
export async function testConnection(
  keyring: TCarrierKeyring,
  tenantId: number,
  company: repo.TCompanyRecord,
  logger?: TCarrierLogger,
): Promise<TConnectionResult> {
  let adapter: TCarrierAdapter;
  try {
    adapter = openAdapter(keyring, tenantId, company, logger);
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return { ok: false, message: error.message };
    throw error;
  }
  return adapter.testConnection();
}

interface TCentreFileRow {
  center_id: number;
  name: string;
  wilaya_id: number;
  wilaya_name: string;
  commune_name?: string;
  address?: string;
}

let centresFile: Promise<repo.TStopDeskRecord[]> | undefined;

/** SPEC 3 / issue 5.4: Yalidine's centres come seeded from the static file (refreshable from the API). */
export function yalidineCentresFile(): Promise<repo.TStopDeskRecord[]> {
  centresFile ??= fs.readFile(path.join(REFERENCE_DIR, 'yalidine_centers.json'), 'utf8').then((text) =>
    (JSON.parse(text) as TCentreFileRow[]).map((c) => ({
      center_id: String(c.center_id),
      name: c.name,
      state_id: c.wilaya_id,
      wilaya_name: c.wilaya_name,
      commune_name: c.commune_name ?? null,
      address: c.address ?? null,
    })),
  );
  return centresFile;
}
