-- Issue 13 (docs/decisions/0104): the carriers' unpaid delivered parcels, kept as rows so that the
-- "cash with carriers" figures and their ageing read only what is still owed. On a shop with a
-- million orders, most of its 600,000 delivered parcels are long paid: counting what is owed by
-- walking every delivered order and probing remittance_parcels for each took far over 100 ms.
--
-- A row exists while the order is delivered, not deleted, has a shipping company and no remittance
-- paid it. Orders' row trigger keeps it (it fires only when one of those columns changes); the
-- remittance deletes the rows of the parcels it pays, in its own transaction.
CREATE TABLE carrier_receivables (
  tenant_id integer NOT NULL,
  order_id integer NOT NULL,
  shipping_company_id integer NOT NULL,
  -- When the parcel was delivered: the active shipment's carrier time when the order turned
  -- delivered, else the order's updated_at at that moment.
  delivered_at timestamptz NOT NULL,
  -- Copies of the order's columns the amount owed is computed from (kept by the trigger), so the
  -- figures never read the orders table; its amounts in centimes (exact: numeric(14,2) x 100), so
  -- they are summed as integers.
  tracking_number text,
  state_id integer NOT NULL,
  is_stopdesk boolean NOT NULL,
  total_centimes bigint NOT NULL,
  delivery_price_centimes bigint NOT NULL,
  PRIMARY KEY (tenant_id, order_id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
);
-- The owed list pages a carrier's parcels oldest first; the figures read the second, covering one
-- (an index-only scan of the shop's rows, whatever the other shops hold).
CREATE INDEX carrier_receivables_company_idx ON carrier_receivables (tenant_id, shipping_company_id, delivered_at, order_id);
CREATE INDEX carrier_receivables_figures_idx ON carrier_receivables
  (tenant_id, shipping_company_id, state_id, is_stopdesk, delivered_at) INCLUDE (total_centimes, delivery_price_centimes);

CREATE FUNCTION app_carrier_receivable_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status_type = 'delivered' AND NEW.deleted_at IS NULL AND NEW.shipping_company_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM remittance_parcels p WHERE p.tenant_id = NEW.tenant_id AND p.order_id = NEW.id) THEN
    INSERT INTO carrier_receivables (tenant_id, order_id, shipping_company_id, delivered_at, tracking_number, state_id,
      is_stopdesk, total_centimes, delivery_price_centimes)
    VALUES (NEW.tenant_id, NEW.id, NEW.shipping_company_id,
      coalesce((SELECT s.status_at FROM shipments s WHERE s.tenant_id = NEW.tenant_id AND s.order_id = NEW.id AND s.active
        ORDER BY s.id DESC LIMIT 1), NEW.updated_at),
      NEW.tracking_number, NEW.state_id, NEW.is_stopdesk, (NEW.total * 100)::bigint, (NEW.delivery_price * 100)::bigint)
    ON CONFLICT (tenant_id, order_id) DO UPDATE SET shipping_company_id = EXCLUDED.shipping_company_id,
      tracking_number = EXCLUDED.tracking_number, state_id = EXCLUDED.state_id, is_stopdesk = EXCLUDED.is_stopdesk,
      total_centimes = EXCLUDED.total_centimes, delivery_price_centimes = EXCLUDED.delivery_price_centimes;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM carrier_receivables WHERE tenant_id = NEW.tenant_id AND order_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_carrier_receivable_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.status_type = 'delivered') EXECUTE FUNCTION app_carrier_receivable_sync();
-- Fires only when membership may change, or a delivered order's copied columns do.
CREATE TRIGGER orders_carrier_receivable_update
  AFTER UPDATE OF status_type, shipping_company_id, deleted_at, tracking_number, state_id, is_stopdesk, total,
    delivery_price ON orders
  FOR EACH ROW WHEN (OLD.status_type IS DISTINCT FROM NEW.status_type
    OR OLD.shipping_company_id IS DISTINCT FROM NEW.shipping_company_id
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR (NEW.status_type = 'delivered' AND (OLD.tracking_number, OLD.state_id, OLD.is_stopdesk, OLD.total, OLD.delivery_price)
      IS DISTINCT FROM (NEW.tracking_number, NEW.state_id, NEW.is_stopdesk, NEW.total, NEW.delivery_price)))
  EXECUTE FUNCTION app_carrier_receivable_sync();

-- Rebuilds one shop's rows from its orders (this migration, and a bulk load that bypassed the
-- triggers, as bench:accounting's seed does).
CREATE FUNCTION app_carrier_receivables_rebuild(p_tenant integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM carrier_receivables WHERE tenant_id = p_tenant;
  INSERT INTO carrier_receivables (tenant_id, order_id, shipping_company_id, delivered_at, tracking_number, state_id,
    is_stopdesk, total_centimes, delivery_price_centimes)
  SELECT o.tenant_id, o.id, o.shipping_company_id, coalesce(s.status_at, o.updated_at), o.tracking_number, o.state_id,
    o.is_stopdesk, (o.total * 100)::bigint, (o.delivery_price * 100)::bigint
  FROM orders o
  LEFT JOIN shipments s ON s.tenant_id = o.tenant_id AND s.order_id = o.id AND s.active
  WHERE o.tenant_id = p_tenant AND o.status_type = 'delivered' AND o.deleted_at IS NULL
    AND o.shipping_company_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM remittance_parcels p WHERE p.tenant_id = o.tenant_id AND p.order_id = o.id)
  ON CONFLICT (tenant_id, order_id) DO NOTHING;
$$;

SELECT app_carrier_receivables_rebuild(id) FROM tenants;

SELECT app_enable_tenant_rls('carrier_receivables');
