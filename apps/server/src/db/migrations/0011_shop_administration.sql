-- Issue 18 (profile, shop settings, audit log screen); docs/decisions/0059-0061.

-- 0059: a user's own phone (the profile). IF NOT EXISTS: the users screen of the same issue may
-- add it too; either migration leaves the same column.
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone text;

-- 0060: one row of settings per shop, tenant-scoped like every tenant table (RLS through app_user).
-- The shop's name and time zone stay readable where they always were (tenants.name, tenants.time_zone,
-- which every session reads); tenant_settings is where the shop edits them, and a trigger copies them
-- across in the same transaction, so the two never disagree.
CREATE TABLE tenant_settings (
  tenant_id integer PRIMARY KEY REFERENCES tenants(id),
  shop_name text NOT NULL CHECK (length(shop_name) BETWEEN 1 AND 120),
  logo_key text,
  sender_address text CHECK (length(sender_address) <= 300),
  sender_phone text,
  time_zone text NOT NULL DEFAULT 'Africa/Algiers',
  default_shipping_company_id integer,
  -- {"sun": {"open": "09:00", "close": "18:00"} | null, ...}: null is a closed day.
  working_hours jsonb NOT NULL DEFAULT '{}',
  whatsapp_phone text,
  low_stock_threshold integer NOT NULL DEFAULT 5 CHECK (low_stock_threshold BETWEEN 0 AND 1000000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, default_shipping_company_id) REFERENCES shipping_companies (tenant_id, id)
    ON DELETE SET NULL (default_shipping_company_id)
);
SELECT app_enable_tenant_rls('tenant_settings');

INSERT INTO tenant_settings (tenant_id, shop_name, time_zone)
SELECT id, name, time_zone FROM tenants
ON CONFLICT (tenant_id) DO NOTHING;

-- Every new shop gets its row (tenant creation runs as the owner role, outside RLS).
CREATE OR REPLACE FUNCTION app_tenant_settings_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_settings (tenant_id, shop_name, time_zone)
  VALUES (NEW.id, NEW.name, NEW.time_zone)
  ON CONFLICT (tenant_id) DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER tenants_settings_row AFTER INSERT ON tenants
  FOR EACH ROW EXECUTE FUNCTION app_tenant_settings_row();

-- The app role cannot touch the central tenants table; this definer function copies only the
-- shop's own name and time zone, for the row the tenant's transaction just changed (RLS let it).
CREATE OR REPLACE FUNCTION app_tenant_settings_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE tenants SET name = NEW.shop_name, time_zone = NEW.time_zone
  WHERE id = NEW.tenant_id AND (name IS DISTINCT FROM NEW.shop_name OR time_zone IS DISTINCT FROM NEW.time_zone);
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION app_tenant_settings_sync() FROM PUBLIC;
CREATE TRIGGER tenant_settings_sync AFTER UPDATE OF shop_name, time_zone ON tenant_settings
  FOR EACH ROW EXECUTE FUNCTION app_tenant_settings_sync();

-- 0061: the audit log screen lists a shop's entries newest first, filtered by user or entity.
CREATE INDEX IF NOT EXISTS audit_log_created_idx ON audit_log (tenant_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_log_user_idx ON audit_log (tenant_id, user_id, created_at DESC);

-- New permissions (packages/shared/src/permissions.ts) for the shops that exist: the screens of
-- the system group are the Owner's, as in a new shop.
INSERT INTO permissions (tenant_id, name)
SELECT t.id, p.name FROM tenants t
CROSS JOIN (VALUES ('view shop-settings'), ('view audit-log'), ('manage settings')) AS p(name)
ON CONFLICT (tenant_id, name) DO NOTHING;

INSERT INTO role_permissions (tenant_id, role_id, permission_id)
SELECT r.tenant_id, r.id, p.id FROM roles r
JOIN permissions p ON p.tenant_id = r.tenant_id
  AND p.name IN ('view shop-settings', 'view audit-log', 'manage settings')
WHERE r.name = 'Owner'
ON CONFLICT DO NOTHING;
