import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client.js';
import { openTestDatabase } from './support/test-db.js';

// Issue 16.4, ARCHITECTURE 4 (docs/operations/scale-out.md, docs/decisions/0109): the schema stays
// ready to be distributed by tenant_id on Citus. Citus enforces a primary key, a unique index or
// a foreign key of a distributed table only when it includes the distribution column, so every
// such key of a table that has tenant_id must include tenant_id. The catalogue of the migrated
// database is read; whatever does not follow the rule is listed below with its reason, and the
// lists must stay exact (a new table or key fails here until it follows the rule or is listed).
const database = await openTestDatabase();

/** Tables without tenant_id: what they hold, and why they are not a shop's data. */
const GLOBAL_TABLES: Record<string, string> = {
  tenants: 'the shops themselves: its id is the tenant id (Citus: distributed by id, or a reference table)',
  states: 'the 58 wilayas, reference data read by every shop (Citus: reference table)',
  cities: 'the communes, reference data read by every shop (Citus: reference table)',
  plans: "the platform's plans (reference table)",
  tutorials: "the platform's help videos, written by the central administration (reference table)",
  central_admins: "the platform's administrators, no shop",
  central_auth_tokens: "the platform administrators' sessions",
  central_settings: "the platform's settings",
  chargily_events: "the payment gateway's webhook events, matched to a shop only after reading them",
  login_attempts: 'sign-in attempts by e-mail address, before any shop is known',
  auth_known_addresses: 'sign-in abuse limits by e-mail and address, before any shop is known',
  auth_rate_counters: 'sign-in abuse limits by address, before any shop is known',
  subscription_job_days: "the daily subscription job's claim of a day (one row a day, for all shops)",
  subscription_reminders: 'claims of the subscription reminders, keyed by the subscription',
  realtime_installation: "the installation's id for the real-time layer (one row)",
  schema_migrations: 'the migrations applied',
  // Created by @socket.io/postgres-adapter at run time, only where that adapter runs.
  socket_io_attachments: "the PostgreSQL real-time adapter's large payloads, kept for seconds",
};
const RUNTIME_TABLES = new Set(['socket_io_attachments']);

/**
 * Keys of tables with tenant_id that do not include it. Two kinds: global look-ups that find the
 * shop from a secret or an address (the shop is not known yet when they are read), and the central
 * administration's billing tables (read across shops, on the coordinator under Citus).
 */
const KEY_EXCEPTIONS: Record<string, string> = {
  'auth_tokens.auth_tokens_token_hash_key': 'a bearer token finds its session and shop: global look-up',
  'password_resets.password_resets_token_hash_key': 'a reset link finds its user and shop: global look-up',
  'download_links.download_links_key_hash_key': 'a download link finds its file and shop: global look-up',
  'sales_channels.sales_channels_intake_key_hash_key': 'the intake API key finds its shop: global look-up',
  'shipping_companies.shipping_companies_webhook_token_key':
    "a carrier's webhook token finds its shop and company: global look-up",
  'users.users_email_idx':
    'one account per e-mail address across shops (sign-in finds the shop from it): under Citus a global e-mail -> (tenant, user) table keeps it',
  'subscriptions.subscriptions_pkey': "central billing: the platform's subscriptions, read across shops",
  'payments.payments_pkey': 'central billing: payments recorded by the central administration',
  'chargily_checkouts.chargily_checkouts_pkey': 'central billing: online payment checkouts',
  'chargily_checkouts.chargily_checkouts_payment_id_key': 'central billing: one payment per checkout',
  'central_audit_log.central_audit_log_pkey': "the central administration's log (tenant_id optional)",
  'mail_outbox.mail_outbox_pkey': 'outgoing mail, shops and the platform alike (tenant_id optional)',
  'waiting_list.waiting_list_pkey': 'sign-ups before their shop exists (tenant_id set once accepted)',
  'waiting_list.waiting_list_email_idx': 'sign-ups before their shop exists: one pending request per e-mail',
  'waiting_list.waiting_list_phone_idx': 'sign-ups before their shop exists: one request per phone',
};

/** Foreign keys between two tables with tenant_id that do not carry it (central billing only). */
const FOREIGN_KEY_EXCEPTIONS: Record<string, string> = {
  'payments.payments_subscription_id_fkey': 'central billing (see subscriptions_pkey)',
  'chargily_checkouts.chargily_checkouts_payment_id_fkey': 'central billing (see payments_pkey)',
};

interface TTable {
  name: string;
  has_tenant: boolean;
}

const tables = await rows<TTable>(
  database.db,
  sql`select c.relname as name,
        exists (select 1 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`,
);

// Primary keys and unique indexes (constraints or not; an expression such as lower(email) is not
// tenant_id), of tables with tenant_id, that lack tenant_id among their key columns.
const keysWithout = await rows<{ key: string; columns: string }>(
  database.db,
  sql`select t.relname || '.' || i.relname as key, pg_get_indexdef(x.indexrelid) as columns
      from pg_index x
      join pg_class t on t.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and x.indisunique
        and exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'tenant_id' and not a.attisdropped)
        and not exists (select 1 from pg_attribute a
                        where a.attrelid = t.oid and a.attname = 'tenant_id' and a.attnum = any (x.indkey::int2[]))
      order by 1`,
);

const foreignKeysWithout = await rows<{ key: string }>(
  database.db,
  sql`select t.relname || '.' || c.conname as key
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and c.contype = 'f'
        and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'tenant_id')
        and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'tenant_id')
        and not exists (select 1 from pg_attribute a
                        where a.attrelid = c.conrelid and a.attname = 'tenant_id' and a.attnum = any (c.conkey))
      order by 1`,
);

describe('every tenant table can be distributed by tenant_id (Citus)', () => {
  it('reads a migrated schema with the tenant tables in it', () => {
    const tenantTables = tables.filter((t) => t.has_tenant).map((t) => t.name);
    expect(tenantTables).toEqual(expect.arrayContaining(['orders', 'order_lines', 'customers', 'products', 'users']));
  });

  it('a table without tenant_id is a listed global table', () => {
    const global = tables.filter((t) => !t.has_tenant).map((t) => t.name);
    expect(global.filter((name) => !(name in GLOBAL_TABLES))).toEqual([]);
    const listed = Object.keys(GLOBAL_TABLES).filter((name) => !RUNTIME_TABLES.has(name));
    expect(listed.filter((name) => !global.includes(name))).toEqual([]);
  });

  it('every primary key and unique index of a tenant table includes tenant_id, but the listed look-ups', () => {
    const found = keysWithout.map((k) => k.key);
    const unlisted = keysWithout.filter((k) => !(k.key in KEY_EXCEPTIONS)).map((k) => `${k.key}: ${k.columns}`);
    expect(unlisted).toEqual([]);
    // The list stays exact: an exception fixed since is taken off it.
    expect(Object.keys(KEY_EXCEPTIONS).filter((key) => !found.includes(key))).toEqual([]);
  });

  it('every foreign key between tenant tables includes tenant_id, but central billing', () => {
    const found = foreignKeysWithout.map((k) => k.key);
    expect(found.filter((key) => !(key in FOREIGN_KEY_EXCEPTIONS))).toEqual([]);
    expect(Object.keys(FOREIGN_KEY_EXCEPTIONS).filter((key) => !found.includes(key))).toEqual([]);
  });
});
