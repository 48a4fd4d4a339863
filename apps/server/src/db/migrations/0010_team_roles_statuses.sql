-- Issue 18 items 1-3 and issue 12.2: statuses named per language and edited by the shop, roles edited
-- by the shop, users invited and paid a commission. docs/decisions/0055-0058.

-- ---------------------------------------------------------------- statuses (0055, 0056)
-- names: {"en": ..., "fr": ..., "ar": ...}, any may be missing; the web shows the interface
-- language's name, else display_name (the shop's own).
ALTER TABLE statuses ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE statuses ADD COLUMN active boolean NOT NULL DEFAULT true;
-- The first status of each type when the shop was made: never removed nor deactivated, so every
-- type keeps a status the server can fall back to (new orders, reports, dispatch).
ALTER TABLE statuses ADD COLUMN is_system boolean NOT NULL DEFAULT false;
-- A removed status that order history still names: hidden from every list, kept for the history.
ALTER TABLE statuses ADD COLUMN archived_at timestamptz;

UPDATE statuses s SET is_system = true
FROM (SELECT DISTINCT ON (tenant_id, type) tenant_id, id FROM statuses ORDER BY tenant_id, type, position, id) f
WHERE s.tenant_id = f.tenant_id AND s.id = f.id;
CREATE UNIQUE INDEX statuses_system_idx ON statuses (tenant_id, type) WHERE is_system;

-- The default statuses of the shops that exist, in three languages, when the shop kept the
-- default English name (a renamed status keeps only its own name).
UPDATE statuses s SET names = v.names::jsonb
FROM (VALUES
  ('new', 'New', '{"en":"New","fr":"Nouvelle","ar":"جديدة"}'),
  ('no_answer', 'No answer', '{"en":"No answer","fr":"Pas de réponse","ar":"لا يوجد رد"}'),
  ('call_back', 'Call back later', '{"en":"Call back later","fr":"Rappeler plus tard","ar":"إعادة الاتصال لاحقاً"}'),
  ('confirmed', 'Confirmed', '{"en":"Confirmed","fr":"Confirmée","ar":"مؤكدة"}'),
  ('reported', 'Postponed', '{"en":"Postponed","fr":"Reportée","ar":"مؤجلة"}'),
  ('in_dispatch', 'Dispatched', '{"en":"Dispatched","fr":"Expédiée","ar":"تم الإرسال"}'),
  ('out_for_delivery', 'Out for delivery', '{"en":"Out for delivery","fr":"En cours de livraison","ar":"قيد التوصيل"}'),
  ('delivered', 'Delivered', '{"en":"Delivered","fr":"Livrée","ar":"تم التوصيل"}'),
  ('returned', 'Returned', '{"en":"Returned","fr":"Retournée","ar":"مرتجعة"}'),
  ('cancelled', 'Cancelled', '{"en":"Cancelled","fr":"Annulée","ar":"ملغاة"}'),
  ('duplicate', 'Duplicate', '{"en":"Duplicate","fr":"Doublon","ar":"مكررة"}')
) AS v(name, display_name, names)
WHERE s.name = v.name AND s.display_name = v.display_name AND s.names = '{}'::jsonb;

-- ---------------------------------------------------------------- users (0058)
-- The commission the money ledger reads: none, a fixed amount (DZD) per order, or a percentage of
-- the order total; earned when the order is confirmed or when it is delivered.
UPDATE users SET commission_type = CASE
  WHEN commission_type IN ('per_order', 'fixed') THEN 'fixed'
  WHEN commission_type IN ('percent', 'percentage') THEN 'percent'
  ELSE 'none' END;
ALTER TABLE users ALTER COLUMN commission_type SET DEFAULT 'none';
ALTER TABLE users ALTER COLUMN commission_type SET NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_commission_type_check
  CHECK (commission_type IN ('none', 'fixed', 'percent'));
ALTER TABLE users ADD COLUMN commission_amount numeric(14,2) NOT NULL DEFAULT 0
  CHECK (commission_amount >= 0);
ALTER TABLE users ADD COLUMN commission_rate numeric(5,2) NOT NULL DEFAULT 0
  CHECK (commission_rate >= 0 AND commission_rate <= 100);
ALTER TABLE users ADD COLUMN commission_on text NOT NULL DEFAULT 'delivered'
  CHECK (commission_on IN ('confirmed', 'delivered'));
-- The profile (migration 0011) adds it too; either leaves the same column.
ALTER TABLE users ADD COLUMN IF NOT EXISTS phone text;

-- An invitation is a set-password link (the reset-password screen): 'invite' links live 72 hours.
ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset'
  CHECK (purpose IN ('reset', 'invite'));
