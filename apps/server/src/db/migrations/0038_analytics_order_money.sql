-- Analytics, the accounting view's money per finished order (issue 14.2 and 14.6; docs/decisions/0126).
-- The accounting view read, per request, every finished order of the period: the status history to
-- find them, their facts, their lines with each line's latest purchase cost, their carrier fees.
-- The fold now keeps, next to each order's facts, one row per delivered or returned order with what
-- its money parts depend on *of the order itself*: the day it counts on, its dimensions, its total,
-- the instants of its delivered/returned history events (the view finds the orders through those),
-- the carrier-fee keys (carrier, wilaya, stop desk, delivery price) and its lines (product, variant,
-- quantity). What belongs to the shop's settings and changes without the order changing (a cost
-- price, a purchase, a fee grid) is not stored: the view joins it per (product, variant) and per
-- (carrier, wilaya) when it reads, so such a change shows at once and needs no invalidation.
--
-- Invalidation: every input of a row marks the order in analytics_dirty (the facts' triggers:
-- status history, lines, the order's dimension columns; and below, the two fee columns the facts do
-- not read). The fold rewrites the rows of every noted order, whether or not its facts changed;
-- readers compute the noted orders' rows themselves (app_analytics_money_pending), as for the facts.

CREATE TABLE analytics_order_money (
  tenant_id integer NOT NULL,
  order_id integer NOT NULL,
  -- The local day of its delivery (or, when returned, of its return), in the facts' time zone.
  day date NOT NULL,
  delivered boolean NOT NULL,
  -- Its delivered and returned status-history instants: the view counts an order with one of them
  -- in the period's window (as the direct computation, which finds the orders through the history).
  finish_events timestamptz[] NOT NULL,
  agent_key text NOT NULL,
  source_key text NOT NULL,
  campaign_key text NOT NULL,
  wilaya_key text NOT NULL,
  carrier_key text NOT NULL,
  product_keys text[] NOT NULL,
  total_centimes bigint NOT NULL,
  -- The order's columns the carrier fee reads (profit-sql.ts FEE_JOIN, CARRIER_FEE).
  shipping_company_id integer,
  state_id integer NOT NULL,
  is_stopdesk boolean NOT NULL,
  delivery_price numeric(14, 2) NOT NULL,
  -- Its lines, in line order: the product cost is sum(quantity × unit cost of (product, variant)).
  line_product_ids integer[] NOT NULL,
  line_variant_ids integer[] NOT NULL,
  line_quantities integer[] NOT NULL,
  PRIMARY KEY (tenant_id, order_id)
);
CREATE INDEX analytics_order_money_day ON analytics_order_money (tenant_id, day);
SELECT app_enable_tenant_rls('analytics_order_money'::regclass);

-- The money rows of these facts (the finished ones), reading the orders' fee columns, lines and
-- history now. Shared by the fold, the rebuild and the readers' pending orders, so a stored row
-- and a computed one are the same function of the same inputs.
CREATE FUNCTION app_analytics_money_of(p_tenant integer, p_facts analytics_order_facts[])
RETURNS SETOF analytics_order_money
LANGUAGE sql STABLE AS $$
  SELECT p_tenant, f.order_id,
    (coalesce(f.delivered_at, f.returned_at) AT TIME ZONE f.time_zone)::date,
    f.delivered_at IS NOT NULL,
    coalesce(h.events, ARRAY[]::timestamptz[]),
    f.agent_key, f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys, f.total_centimes,
    o.shipping_company_id, o.state_id, o.is_stopdesk, o.delivery_price,
    coalesce(l.product_ids, ARRAY[]::integer[]), coalesce(l.variant_ids, ARRAY[]::integer[]),
    coalesce(l.quantities, ARRAY[]::integer[])
  FROM unnest(p_facts) f
  JOIN orders o ON o.tenant_id = p_tenant AND o.id = f.order_id
  LEFT JOIN LATERAL (
    SELECT array_agg(fs.created_at ORDER BY fs.created_at) AS events
    FROM fulfillment_statuses fs
    JOIN statuses s ON s.tenant_id = fs.tenant_id AND s.id = fs.status_id
    WHERE fs.tenant_id = p_tenant AND fs.order_id = f.order_id AND s.type IN ('delivered', 'returned')
  ) h ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(ol.product_id ORDER BY ol.id) AS product_ids, array_agg(ol.variant_id ORDER BY ol.id) AS variant_ids,
      array_agg(ol.quantity ORDER BY ol.id) AS quantities
    FROM order_lines ol
    WHERE ol.tenant_id = p_tenant AND ol.order_id = f.order_id
  ) l ON true
  WHERE f.delivered_at IS NOT NULL OR f.returned_at IS NOT NULL;
$$;

-- Rewrites the money rows of these orders from their stored facts (the fold, after the facts).
CREATE FUNCTION app_analytics_money_refresh(p_tenant integer, p_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM analytics_order_money WHERE tenant_id = p_tenant AND order_id = ANY (p_ids);
  INSERT INTO analytics_order_money
  SELECT * FROM app_analytics_money_of(p_tenant, ARRAY(
    SELECT f FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (p_ids)));
$$;

-- The noted orders' money rows computed now: what a reader uses instead of their stored rows.
CREATE FUNCTION app_analytics_money_pending(p_tenant integer)
RETURNS SETOF analytics_order_money
LANGUAGE plpgsql STABLE ROWS 100 SET jit = off AS $$
DECLARE
  v_ids integer[];
BEGIN
  v_ids := ARRAY(SELECT DISTINCT d.order_id FROM analytics_dirty d WHERE d.tenant_id = p_tenant);
  IF cardinality(v_ids) = 0 THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM app_analytics_money_of(p_tenant, ARRAY(
    SELECT c FROM app_analytics_compute_facts(p_tenant, v_ids) c));
END $$;

-- The fold of 0034, plus the money rows of every noted order (a line's variant or a fee column may
-- change without the facts changing).
CREATE OR REPLACE FUNCTION app_analytics_fold(p_tenant integer) RETURNS integer
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_ids integer[];
  v_old analytics_order_facts[];
  v_new analytics_order_facts[];
  v_changed integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), p_tenant);
  WITH moved AS (DELETE FROM analytics_dirty WHERE tenant_id = p_tenant RETURNING order_id)
  SELECT array_agg(DISTINCT order_id) INTO v_ids FROM moved;
  IF v_ids IS NULL THEN RETURN 0; END IF;
  WITH o AS (
    SELECT f FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (v_ids)
  ),
  n AS (SELECT c FROM app_analytics_compute_facts(p_tenant, v_ids) c)
  SELECT array_agg(o.f) FILTER (WHERE (o.f).order_id IS NOT NULL),
    array_agg(n.c) FILTER (WHERE (n.c).order_id IS NOT NULL),
    array_agg(coalesce((o.f).order_id, (n.c).order_id))
  INTO v_old, v_new, v_changed
  FROM o FULL JOIN n ON (n.c).order_id = (o.f).order_id
  WHERE o.f IS DISTINCT FROM n.c;
  IF v_changed IS NOT NULL THEN
    PERFORM app_analytics_add(p_tenant, v_old, -1);
    PERFORM app_analytics_add(p_tenant, v_new, 1);
    DELETE FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (v_changed);
    IF v_new IS NOT NULL THEN
      INSERT INTO analytics_order_facts SELECT * FROM unnest(v_new);
    END IF;
  END IF;
  PERFORM app_analytics_money_refresh(p_tenant, v_ids);
  RETURN coalesce(cardinality(v_changed), 0);
END $$;

-- The rebuild of 0034, plus the money rows, batch by batch with the rollups.
CREATE OR REPLACE FUNCTION app_analytics_rebuild(p_tenant integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_last integer := 0;
  v_facts analytics_order_facts[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), p_tenant);
  DELETE FROM analytics_dirty WHERE tenant_id = p_tenant;
  DELETE FROM analytics_rollups WHERE tenant_id = p_tenant;
  DELETE FROM analytics_rollups_weekly WHERE tenant_id = p_tenant;
  DELETE FROM analytics_order_money WHERE tenant_id = p_tenant;
  DELETE FROM analytics_order_facts WHERE tenant_id = p_tenant;
  INSERT INTO analytics_order_facts SELECT * FROM app_analytics_compute_facts(p_tenant, NULL);
  LOOP
    SELECT array_agg(x.f ORDER BY (x.f).order_id) INTO v_facts FROM (
      SELECT f FROM analytics_order_facts f
      WHERE f.tenant_id = p_tenant AND f.order_id > v_last ORDER BY f.order_id LIMIT 20000
    ) x;
    EXIT WHEN v_facts IS NULL;
    PERFORM app_analytics_add(p_tenant, v_facts, 1);
    INSERT INTO analytics_order_money SELECT * FROM app_analytics_money_of(p_tenant, v_facts);
    v_last := (v_facts[cardinality(v_facts)]).order_id;
  END LOOP;
END $$;

-- The carrier fee reads two order columns the facts do not (decision 0103): a change notes the order.
CREATE TRIGGER orders_analytics_money_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.is_stopdesk, OLD.delivery_price) IS DISTINCT FROM (NEW.is_stopdesk, NEW.delivery_price))
  EXECUTE FUNCTION app_analytics_mark_order();

-- Every shop's finished orders from their stored facts, 20,000 at a time; then the fold rewrites
-- the rows of the orders noted meanwhile (their stored facts may be behind).
DO $$
DECLARE
  v_tenant integer;
  v_last integer;
  v_facts analytics_order_facts[];
BEGIN
  FOR v_tenant IN SELECT id FROM tenants LOOP
    v_last := 0;
    LOOP
      SELECT array_agg(x.f ORDER BY (x.f).order_id) INTO v_facts FROM (
        SELECT f FROM analytics_order_facts f
        WHERE f.tenant_id = v_tenant AND f.order_id > v_last ORDER BY f.order_id LIMIT 20000
      ) x;
      EXIT WHEN v_facts IS NULL;
      INSERT INTO analytics_order_money SELECT * FROM app_analytics_money_of(v_tenant, v_facts);
      v_last := (v_facts[cardinality(v_facts)]).order_id;
    END LOOP;
  END LOOP;
END $$;
SELECT app_analytics_fold(id) FROM tenants;
ANALYZE analytics_order_money;
