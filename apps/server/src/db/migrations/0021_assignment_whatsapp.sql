-- Issue 15.3 (automatic assignment) and 15.4 (WhatsApp templates); docs/decisions/0086-0088.

-- 0086: a shop's automatic assignment rules. No row = off. last_agent_id is the round-robin pointer;
-- the row is also the shop's assignment lock (SELECT ... FOR UPDATE inside the creating transaction),
-- so two transactions never count an agent's open orders at the same time and the cap holds.
CREATE TABLE assignment_settings (
  tenant_id integer PRIMARY KEY REFERENCES tenants(id),
  mode text NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'round_robin', 'least_loaded')),
  -- Open orders (new, pending, reported) an agent may hold from the automation; null = no cap.
  max_open_orders integer CHECK (max_open_orders BETWEEN 1 AND 100000),
  online_only boolean NOT NULL DEFAULT true,
  use_product_permissions boolean NOT NULL DEFAULT true,
  -- Orders of an agent offline for longer go back to the pool; null = never.
  release_after_minutes integer CHECK (release_after_minutes BETWEEN 1 AND 10080),
  last_agent_id integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT app_enable_tenant_rls('assignment_settings');

-- 0087: who put the agent on the order. 'auto' = the automation (and only such orders may be taken
-- back by it); 'manual' = a person (form, assign dialog, import of one's own orders). A trigger marks
-- every agent change that does not say otherwise as manual, so no write path can forget it, and
-- stamps agent_assigned_at.
ALTER TABLE orders ADD COLUMN agent_source text CHECK (agent_source IN ('auto', 'manual'));
ALTER TABLE orders ADD COLUMN agent_assigned_at timestamptz;

CREATE OR REPLACE FUNCTION app_orders_agent_source() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.agent_id IS NOT NULL THEN
      NEW.agent_source := coalesce(NEW.agent_source, 'manual');
      NEW.agent_assigned_at := coalesce(NEW.agent_assigned_at, now());
    END IF;
  ELSIF NEW.agent_id IS DISTINCT FROM OLD.agent_id AND NEW.agent_source IS NOT DISTINCT FROM OLD.agent_source THEN
    NEW.agent_source := CASE WHEN NEW.agent_id IS NULL THEN NULL ELSE 'manual' END;
    NEW.agent_assigned_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER orders_agent_source BEFORE INSERT OR UPDATE OF agent_id ON orders
  FOR EACH ROW EXECUTE FUNCTION app_orders_agent_source();

-- An agent's open orders, counted under the lock for every assignment.
CREATE INDEX orders_open_by_agent_idx ON orders (tenant_id, agent_id)
  WHERE deleted_at IS NULL AND agent_id IS NOT NULL AND status_type IN ('new', 'pending', 'reported');

-- 0088: WhatsApp message templates, each in one language, filled in the browser
-- (packages/shared/src/call-centre/whatsapp.ts).
CREATE TABLE whatsapp_templates (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  id serial,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  locale text NOT NULL CHECK (locale IN ('en', 'fr', 'ar')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
SELECT app_enable_tenant_rls('whatsapp_templates');
CREATE INDEX whatsapp_templates_locale_idx ON whatsapp_templates (tenant_id, locale, name);
