-- Issue 13.4 (docs/decisions/0112): what a carrier owes is the delivered parcels' cash minus its
-- delivery fees AND the return fees of the parcels that came back. A returned parcel of a carrier is
-- a receivable too, flagged `returned`: a negative line (minus the fee grid's return_fee) until a
-- remittance settles it (the statement lists it, usually with the fee deducted: a negative amount).
ALTER TABLE carrier_receivables ADD COLUMN returned boolean NOT NULL DEFAULT false;

-- The figures group by it too (still an index-only scan of the shop's rows).
DROP INDEX carrier_receivables_figures_idx;
CREATE INDEX carrier_receivables_figures_idx ON carrier_receivables
  (tenant_id, shipping_company_id, state_id, is_stopdesk, returned, delivered_at) INCLUDE (total_centimes, delivery_price_centimes);

-- A statement that only settles returns nets to a negative total (the shop owes the carrier): it is
-- refused by the service with a message; the column keeps its check.

CREATE OR REPLACE FUNCTION app_carrier_receivable_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status_type IN ('delivered', 'returned') AND NEW.deleted_at IS NULL AND NEW.shipping_company_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM remittance_parcels p WHERE p.tenant_id = NEW.tenant_id AND p.order_id = NEW.id) THEN
    INSERT INTO carrier_receivables AS c (tenant_id, order_id, shipping_company_id, delivered_at, tracking_number, state_id,
      is_stopdesk, total_centimes, delivery_price_centimes, returned)
    VALUES (NEW.tenant_id, NEW.id, NEW.shipping_company_id,
      coalesce((SELECT s.status_at FROM shipments s WHERE s.tenant_id = NEW.tenant_id AND s.order_id = NEW.id AND s.active
        ORDER BY s.id DESC LIMIT 1), NEW.updated_at),
      NEW.tracking_number, NEW.state_id, NEW.is_stopdesk, (NEW.total * 100)::bigint, (NEW.delivery_price * 100)::bigint,
      NEW.status_type = 'returned')
    ON CONFLICT (tenant_id, order_id) DO UPDATE SET shipping_company_id = EXCLUDED.shipping_company_id,
      tracking_number = EXCLUDED.tracking_number, state_id = EXCLUDED.state_id, is_stopdesk = EXCLUDED.is_stopdesk,
      total_centimes = EXCLUDED.total_centimes, delivery_price_centimes = EXCLUDED.delivery_price_centimes,
      -- Delivered then returned (or back): the ageing counts from the new outcome.
      delivered_at = CASE WHEN c.returned <> EXCLUDED.returned THEN EXCLUDED.delivered_at ELSE c.delivered_at END,
      returned = EXCLUDED.returned;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM carrier_receivables WHERE tenant_id = NEW.tenant_id AND order_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER orders_carrier_receivable_insert ON orders;
CREATE TRIGGER orders_carrier_receivable_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status_type IN ('delivered', 'returned')) EXECUTE FUNCTION app_carrier_receivable_sync();
DROP TRIGGER orders_carrier_receivable_update ON orders;
CREATE TRIGGER orders_carrier_receivable_update
  AFTER UPDATE OF status_type, shipping_company_id, deleted_at, tracking_number, state_id, is_stopdesk, total,
    delivery_price ON orders
  FOR EACH ROW WHEN (OLD.status_type IS DISTINCT FROM NEW.status_type
    OR OLD.shipping_company_id IS DISTINCT FROM NEW.shipping_company_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR (NEW.status_type IN ('delivered', 'returned')
      AND (OLD.tracking_number, OLD.state_id, OLD.is_stopdesk, OLD.total, OLD.delivery_price)
      IS DISTINCT FROM (NEW.tracking_number, NEW.state_id, NEW.is_stopdesk, NEW.total, NEW.delivery_price)))
  EXECUTE FUNCTION app_carrier_receivable_sync();

CREATE OR REPLACE FUNCTION app_carrier_receivables_rebuild(p_tenant integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM carrier_receivables WHERE tenant_id = p_tenant;
  INSERT INTO carrier_receivables (tenant_id, order_id, shipping_company_id, delivered_at, tracking_number, state_id,
    is_stopdesk, total_centimes, delivery_price_centimes, returned)
  SELECT o.tenant_id, o.id, o.shipping_company_id, coalesce(s.status_at, o.updated_at), o.tracking_number, o.state_id,
    o.is_stopdesk, (o.total * 100)::bigint, (o.delivery_price * 100)::bigint, o.status_type = 'returned'
  FROM orders o
  LEFT JOIN shipments s ON s.tenant_id = o.tenant_id AND s.order_id = o.id AND s.active
  WHERE o.tenant_id = p_tenant AND o.status_type IN ('delivered', 'returned') AND o.deleted_at IS NULL
    AND o.shipping_company_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM remittance_parcels p WHERE p.tenant_id = o.tenant_id AND p.order_id = o.id)
  ON CONFLICT (tenant_id, order_id) DO NOTHING;
$$;

-- No backfill: the parcels returned before this migration were never tracked as owed, and the
-- statements the shops recorded already netted their fees; they count as settled. Only returns from
-- now on are receivables (the rebuild above is for bulk loads that bypass the triggers).
