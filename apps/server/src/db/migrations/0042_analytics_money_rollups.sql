-- Analytics, the accounting view pre-summed (issue 14.6; docs/decisions/0134).
-- The view read, per request, every finished order of the period, its commission lines and the
-- orders its ad spend is spread over (about 250,000 rows for 90 days at 1,000,000 orders: 2.7 s).
-- The fold now keeps, per order, its money *parts* (what it adds to the view: its delivery or return
-- with the costs and fees priced, its commission lines by day and agent, its membership of the two
-- ad-spend pools of its day), and, summed from them, one rollup per output (days, campaigns,
-- products) under no filter and under each single filter value: the view reads a few thousand
-- pre-summed rows. Ad spend itself is not stored: the pools' member counts are, and the spend is
-- read from the expenses and spread when the view reads (an expense changes nothing here).
--
-- Prices are applied when the fold writes a part. What changes a price without changing the order
-- (a cost price, a purchase where the cost comes from the latest purchase, a fee grid cell, a
-- commission line) notes the orders it prices; readers compute the noted orders' parts now, so a
-- price change shows at once, as before (decision 0126).

-- ---------------------------------------------------------------- the price rules, written once
-- A line's unit purchase cost in dinars (null: unknown): the variant's cost price, the product's,
-- the latest purchase of the variant (of the product when the line has none), the latest purchase
-- of the product (decision 0103). profit-sql.ts calls it for the order's profit and the view.
CREATE FUNCTION app_line_unit_cost(p_tenant integer, p_product integer, p_variant integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT v.cost_price FROM product_variants v WHERE v.tenant_id = p_tenant AND v.id = p_variant),
    (SELECT p.cost_price FROM products p WHERE p.tenant_id = p_tenant AND p.id = p_product),
    (SELECT sm.unit_cost FROM stock_movements sm
      WHERE sm.tenant_id = p_tenant AND sm.product_id = p_product AND sm.kind = 'purchase'
        AND sm.unit_cost IS NOT NULL AND sm.variant_id IS NOT DISTINCT FROM p_variant
      ORDER BY sm.id DESC LIMIT 1),
    (SELECT sm.unit_cost FROM stock_movements sm
      WHERE sm.tenant_id = p_tenant AND sm.product_id = p_product AND sm.kind = 'purchase'
        AND sm.unit_cost IS NOT NULL
      ORDER BY sm.id DESC LIMIT 1));
$$;

-- The carrier's delivery fee of an order in dinars: the grid's stop-desk or home fee of its carrier
-- and wilaya, or, with no grid fee, the delivery price charged (decision 0103).
CREATE FUNCTION app_carrier_fee(p_tenant integer, p_company integer, p_state integer, p_stopdesk boolean,
  p_delivery_price numeric) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN p_stopdesk THEN f.stopdesk_fee ELSE f.home_fee END FROM shipping_fees f
    WHERE f.tenant_id = p_tenant AND f.shipping_company_id = p_company AND f.state_id = p_state), p_delivery_price);
$$;

-- The carrier's return fee in dinars (0 without a grid row).
CREATE FUNCTION app_return_fee(p_tenant integer, p_company integer, p_state integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT f.return_fee FROM shipping_fees f
    WHERE f.tenant_id = p_tenant AND f.shipping_company_id = p_company AND f.state_id = p_state), 0);
$$;

-- ---------------------------------------------------------------- parts and rollups
-- kind 'f': the order delivered or returned on `day` (revenue, costs, fees, counts); 'l': its
-- commission lines of `day` for the agent agent_key (summed); 'm': a member of the ad-spend pool
-- `pool` ('c:<campaign>' or 's:<source>') of its creation day. The dimensions are the order's facts
-- (null for a commission line of an order without facts: a deleted one).
CREATE TABLE analytics_money_parts (
  tenant_id integer NOT NULL,
  order_id integer NOT NULL,
  kind "char" NOT NULL CHECK (kind IN ('f', 'l', 'm')),
  day date NOT NULL,
  pool text NOT NULL,
  agent_key text,
  source_key text,
  campaign_key text,
  wilaya_key text,
  carrier_key text,
  product_keys text[],
  revenue bigint NOT NULL,
  product_cost bigint NOT NULL,
  carrier_fee bigint NOT NULL,
  return_fee bigint NOT NULL,
  commission bigint NOT NULL,
  delivered_n integer NOT NULL,
  returned_n integer NOT NULL
);
CREATE INDEX analytics_money_parts_order ON analytics_money_parts (tenant_id, order_id);
-- The reads under several filters (per order, by day).
CREATE INDEX analytics_money_parts_day ON analytics_money_parts (tenant_id, day);
SELECT app_enable_tenant_rls('analytics_money_parts'::regclass);

-- fk/fv: the filter dimension and value ('' for none); ok/ov: the output (day with '', campaign,
-- product) and its key. Money in centimes.
CREATE TABLE analytics_money_rollups (
  tenant_id integer NOT NULL,
  fk text COLLATE "C" NOT NULL,
  fv text COLLATE "C" NOT NULL,
  day date NOT NULL,
  ok text COLLATE "C" NOT NULL,
  ov text COLLATE "C" NOT NULL,
  revenue bigint NOT NULL,
  product_cost bigint NOT NULL,
  carrier_fee bigint NOT NULL,
  return_fee bigint NOT NULL,
  commission bigint NOT NULL,
  delivered_n bigint NOT NULL,
  returned_n bigint NOT NULL,
  -- The output before the day: a read of one output (the days, or the products) is one range.
  PRIMARY KEY (tenant_id, fk, fv, ok, day, ov)
);
SELECT app_enable_tenant_rls('analytics_money_rollups'::regclass);

-- The ad-spend pools' members counted the same way, per pool.
CREATE TABLE analytics_money_pool_counts (
  tenant_id integer NOT NULL,
  fk text COLLATE "C" NOT NULL,
  fv text COLLATE "C" NOT NULL,
  day date NOT NULL,
  pool text COLLATE "C" NOT NULL,
  ok text COLLATE "C" NOT NULL,
  ov text COLLATE "C" NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, fk, fv, ok, day, pool, ov)
);
SELECT app_enable_tenant_rls('analytics_money_pool_counts'::regclass);

-- The keys a part is summed under: no filter and each filter value it has, times each output.
-- An order with several products counts under each (decision 0078); none reads '-'.
CREATE FUNCTION app_analytics_money_keys(p_agent text, p_source text, p_campaign text, p_wilaya text,
  p_carrier text, p_products text[])
RETURNS TABLE (fk text, fv text, ok text, ov text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.fk, f.fv, o.ok, o.ov
  FROM (
    SELECT ''::text AS fk, ''::text AS fv
    UNION ALL SELECT 'agent', p_agent WHERE p_agent IS NOT NULL
    UNION ALL SELECT 'source', p_source WHERE p_source IS NOT NULL
    UNION ALL SELECT 'campaign', p_campaign WHERE p_campaign IS NOT NULL
    UNION ALL SELECT 'wilaya', p_wilaya WHERE p_wilaya IS NOT NULL
    UNION ALL SELECT 'carrier', p_carrier WHERE p_carrier IS NOT NULL
    UNION ALL SELECT 'product', k FROM unnest(p_products) k
  ) f
  CROSS JOIN (
    SELECT 'day'::text AS ok, ''::text AS ov
    UNION ALL SELECT 'campaign', coalesce(p_campaign, '-')
    UNION ALL SELECT 'product', k
    FROM unnest(CASE WHEN cardinality(p_products) > 0 THEN p_products ELSE ARRAY['-'] END) k
  ) o;
$$;

-- The parts of these orders now, from their facts (`p_facts`, the orders without facts have
-- commission lines only). Shared by the fold, the rebuild and the readers' noted orders.
-- A finished order counts when its history has a delivered or returned event on its day (an order
-- set delivered without one is not counted, as the view's direct computation finds the orders
-- through their history).
CREATE FUNCTION app_analytics_money_parts_of(p_tenant integer, p_ids integer[], p_facts analytics_order_facts[])
RETURNS SETOF analytics_money_parts
LANGUAGE sql STABLE AS $$
  WITH f AS (SELECT * FROM unnest(p_facts)),
  tz AS (SELECT coalesce((SELECT time_zone FROM tenant_settings WHERE tenant_id = p_tenant), 'Africa/Algiers') AS time_zone)
  SELECT p_tenant, m.order_id, 'f'::"char", m.day, '', m.agent_key, m.source_key, m.campaign_key, m.wilaya_key,
    m.carrier_key, m.product_keys,
    CASE WHEN m.delivered THEN m.total_centimes ELSE 0 END,
    CASE WHEN m.delivered THEN (
      SELECT coalesce(sum(u.q * round(coalesce(app_line_unit_cost(p_tenant, u.p, u.v), 0) * 100)), 0)
      FROM unnest(m.line_product_ids, m.line_variant_ids, m.line_quantities) u(p, v, q)) ELSE 0 END::bigint,
    CASE WHEN m.delivered THEN round(coalesce(app_carrier_fee(p_tenant, m.shipping_company_id, m.state_id,
      m.is_stopdesk, m.delivery_price), 0) * 100) ELSE 0 END::bigint,
    CASE WHEN m.delivered THEN 0 ELSE round(app_return_fee(p_tenant, m.shipping_company_id, m.state_id) * 100) END::bigint,
    0::bigint, m.delivered::int, (NOT m.delivered)::int
  FROM app_analytics_money_of(p_tenant, p_facts) m
  JOIN f ON f.order_id = m.order_id
  WHERE EXISTS (SELECT 1 FROM unnest(m.finish_events) e WHERE (e AT TIME ZONE f.time_zone)::date = m.day)
  UNION ALL
  SELECT p_tenant, a.order_id, 'l', (a.occurred_at AT TIME ZONE tz.time_zone)::date, '', a.agent_id::text,
    f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys,
    0, 0, 0, 0, sum(a.amount_centimes)::bigint, 0, 0
  FROM agent_commissions a
  CROSS JOIN tz
  LEFT JOIN f ON f.order_id = a.order_id
  WHERE a.tenant_id = p_tenant AND a.order_id = ANY (p_ids)
  GROUP BY a.order_id, 4, a.agent_id, f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys
  UNION ALL
  SELECT p_tenant, f.order_id, 'm', (f.created_at AT TIME ZONE f.time_zone)::date, pool.key, f.agent_key,
    f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key, f.product_keys, 0, 0, 0, 0, 0, 0, 0
  FROM f
  CROSS JOIN LATERAL (
    SELECT 'c:' || f.campaign_key AS key WHERE f.campaign_key <> '-'
    UNION ALL SELECT 's:' || f.source_key WHERE f.source_key <> '-'
  ) pool;
$$;

-- Adds signed parts to a shop's money rollups and pool counts.
CREATE FUNCTION app_analytics_money_add(p_tenant integer, p_parts analytics_money_parts[], p_sign integer)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_parts IS NULL OR cardinality(p_parts) = 0 THEN RETURN; END IF;
  WITH e AS MATERIALIZED (
    SELECT p.kind, p.day, p.pool, k.fk, k.fv, k.ok, k.ov, p.revenue, p.product_cost, p.carrier_fee, p.return_fee,
      p.commission, p.delivered_n, p.returned_n
    FROM unnest(p_parts) p
    CROSS JOIN LATERAL app_analytics_money_keys(p.agent_key, p.source_key, p.campaign_key, p.wilaya_key, p.carrier_key,
      p.product_keys) k
  ),
  money AS (
    INSERT INTO analytics_money_rollups AS r
    SELECT p_tenant, e.fk, e.fv, e.day, e.ok, e.ov, p_sign * sum(e.revenue), p_sign * sum(e.product_cost),
      p_sign * sum(e.carrier_fee), p_sign * sum(e.return_fee), p_sign * sum(e.commission),
      p_sign * sum(e.delivered_n), p_sign * sum(e.returned_n)
    FROM e WHERE e.kind <> 'm'
    GROUP BY e.fk, e.fv, e.ok, e.day, e.ov
    ORDER BY e.fk, e.fv, e.ok, e.day, e.ov
    ON CONFLICT (tenant_id, fk, fv, day, ok, ov) DO UPDATE SET
      revenue = r.revenue + excluded.revenue,
      product_cost = r.product_cost + excluded.product_cost,
      carrier_fee = r.carrier_fee + excluded.carrier_fee,
      return_fee = r.return_fee + excluded.return_fee,
      commission = r.commission + excluded.commission,
      delivered_n = r.delivered_n + excluded.delivered_n,
      returned_n = r.returned_n + excluded.returned_n
  )
  INSERT INTO analytics_money_pool_counts AS r
  SELECT p_tenant, e.fk, e.fv, e.day, e.pool, e.ok, e.ov, p_sign * count(*)
  FROM e WHERE e.kind = 'm'
  GROUP BY e.fk, e.fv, e.ok, e.day, e.pool, e.ov
  ORDER BY e.fk, e.fv, e.ok, e.day, e.pool, e.ov
  ON CONFLICT (tenant_id, fk, fv, day, pool, ok, ov) DO UPDATE SET n = r.n + excluded.n;
END $$;

-- Rewrites the parts of these orders from their stored facts and adds the difference to the
-- rollups (the fold, after the facts); orders whose parts did not change are left alone.
CREATE FUNCTION app_analytics_money_parts_refresh(p_tenant integer, p_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_all analytics_money_parts[];
  v_changed integer[];
  v_old analytics_money_parts[];
  v_new analytics_money_parts[];
BEGIN
  v_all := ARRAY(SELECT p FROM app_analytics_money_parts_of(p_tenant, p_ids, ARRAY(
    SELECT f FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (p_ids))) p);
  WITH o AS (
    SELECT p.order_id, array_agg(p ORDER BY p.kind, p.day, p.pool, p.agent_key) AS parts
    FROM analytics_money_parts p WHERE p.tenant_id = p_tenant AND p.order_id = ANY (p_ids)
    GROUP BY p.order_id
  ),
  n AS (
    SELECT p.order_id, array_agg(p ORDER BY p.kind, p.day, p.pool, p.agent_key) AS parts
    FROM unnest(v_all) p GROUP BY p.order_id
  )
  SELECT array_agg(coalesce(o.order_id, n.order_id)) INTO v_changed
  FROM o FULL JOIN n ON n.order_id = o.order_id
  WHERE o.parts IS DISTINCT FROM n.parts;
  IF v_changed IS NULL THEN RETURN; END IF;
  v_old := ARRAY(SELECT p FROM analytics_money_parts p WHERE p.tenant_id = p_tenant AND p.order_id = ANY (v_changed));
  v_new := ARRAY(SELECT p FROM unnest(v_all) p WHERE p.order_id = ANY (v_changed));
  PERFORM app_analytics_money_add(p_tenant, v_old, -1);
  PERFORM app_analytics_money_add(p_tenant, v_new, 1);
  DELETE FROM analytics_money_parts p WHERE p.tenant_id = p_tenant AND p.order_id = ANY (v_changed);
  INSERT INTO analytics_money_parts SELECT * FROM unnest(v_new);
END $$;

-- The noted orders' parts now (+1) and their stored parts (-1): what a reader adds to the rollups.
CREATE FUNCTION app_analytics_money_parts_pending(p_tenant integer)
RETURNS TABLE (sign integer, part analytics_money_parts)
LANGUAGE plpgsql STABLE ROWS 100 SET jit = off AS $$
DECLARE
  v_ids integer[];
BEGIN
  v_ids := ARRAY(SELECT DISTINCT d.order_id FROM analytics_dirty d WHERE d.tenant_id = p_tenant);
  IF cardinality(v_ids) = 0 THEN RETURN; END IF;
  RETURN QUERY SELECT -1, p FROM analytics_money_parts p WHERE p.tenant_id = p_tenant AND p.order_id = ANY (v_ids);
  RETURN QUERY SELECT 1, n FROM app_analytics_money_parts_of(p_tenant, v_ids, ARRAY(
    SELECT c FROM app_analytics_compute_facts(p_tenant, v_ids) c)) n;
END $$;

-- The fold of 0038, plus the money parts and their rollups.
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
  PERFORM app_analytics_money_parts_refresh(p_tenant, v_ids);
  RETURN coalesce(cardinality(v_changed), 0);
END $$;

-- The parts and rollups of a shop's orders from their stored facts, 20,000 orders at a time, then
-- of the orders with commission lines and no facts (deleted ones).
CREATE FUNCTION app_analytics_money_build(p_tenant integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_last integer := 0;
  v_facts analytics_order_facts[];
  v_ids integer[];
  v_parts analytics_money_parts[];
BEGIN
  LOOP
    SELECT array_agg(x.f ORDER BY (x.f).order_id) INTO v_facts FROM (
      SELECT f FROM analytics_order_facts f
      WHERE f.tenant_id = p_tenant AND f.order_id > v_last ORDER BY f.order_id LIMIT 20000
    ) x;
    EXIT WHEN v_facts IS NULL;
    v_ids := ARRAY(SELECT x.order_id FROM unnest(v_facts) x);
    v_parts := ARRAY(SELECT p FROM app_analytics_money_parts_of(p_tenant, v_ids, v_facts) p);
    PERFORM app_analytics_money_add(p_tenant, v_parts, 1);
    INSERT INTO analytics_money_parts SELECT * FROM unnest(v_parts);
    v_last := v_ids[cardinality(v_ids)];
  END LOOP;
  v_ids := ARRAY(SELECT DISTINCT a.order_id FROM agent_commissions a WHERE a.tenant_id = p_tenant
    AND NOT EXISTS (SELECT 1 FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = a.order_id));
  IF cardinality(v_ids) > 0 THEN
    v_parts := ARRAY(SELECT p FROM app_analytics_money_parts_of(p_tenant, v_ids, ARRAY[]::analytics_order_facts[]) p);
    PERFORM app_analytics_money_add(p_tenant, v_parts, 1);
    INSERT INTO analytics_money_parts SELECT * FROM unnest(v_parts);
  END IF;
END $$;

-- The rebuild of 0038, plus the money parts and rollups.
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
  DELETE FROM analytics_money_parts WHERE tenant_id = p_tenant;
  DELETE FROM analytics_money_rollups WHERE tenant_id = p_tenant;
  DELETE FROM analytics_money_pool_counts WHERE tenant_id = p_tenant;
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
  PERFORM app_analytics_money_build(p_tenant);
END $$;

-- ---------------------------------------------------------------- what a price change notes
-- Each takes the fold's lock first, so a fold running now has written its parts (and is seen
-- here) or starts after this change (and prices with it).
CREATE FUNCTION app_analytics_mark_priced_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_product integer;
BEGIN
  IF TG_OP = 'DELETE' THEN v_row := OLD; ELSE v_row := NEW; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), v_row.tenant_id);
  IF TG_TABLE_NAME = 'product_variants' THEN
    -- The variant's lines.
    INSERT INTO analytics_dirty (tenant_id, order_id)
    SELECT DISTINCT l.tenant_id, l.order_id FROM order_lines l
    JOIN analytics_money_parts mp ON mp.tenant_id = l.tenant_id AND mp.order_id = l.order_id AND mp.kind = 'f'
      AND mp.delivered_n = 1
    WHERE l.tenant_id = v_row.tenant_id AND l.product_id = v_row.product_id AND l.variant_id = v_row.id;
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN v_product := v_row.id; ELSE v_product := v_row.product_id; END IF;
  -- The product's lines; for a purchase, only those priced from purchases (no cost price).
  INSERT INTO analytics_dirty (tenant_id, order_id)
  SELECT DISTINCT l.tenant_id, l.order_id FROM order_lines l
  JOIN analytics_money_parts mp ON mp.tenant_id = l.tenant_id AND mp.order_id = l.order_id AND mp.kind = 'f'
    AND mp.delivered_n = 1
  JOIN products p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
  LEFT JOIN product_variants v ON v.tenant_id = l.tenant_id AND v.id = l.variant_id
  WHERE l.tenant_id = v_row.tenant_id AND l.product_id = v_product
    AND (TG_TABLE_NAME = 'products' OR (p.cost_price IS NULL AND v.cost_price IS NULL));
  RETURN NULL;
END $$;

CREATE TRIGGER products_analytics_cost AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.cost_price IS DISTINCT FROM NEW.cost_price) EXECUTE FUNCTION app_analytics_mark_priced_lines();
CREATE TRIGGER product_variants_analytics_cost AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN (OLD.cost_price IS DISTINCT FROM NEW.cost_price) EXECUTE FUNCTION app_analytics_mark_priced_lines();
CREATE TRIGGER stock_movements_analytics_purchase AFTER INSERT ON stock_movements FOR EACH ROW
  WHEN (NEW.kind = 'purchase' AND NEW.unit_cost IS NOT NULL) EXECUTE FUNCTION app_analytics_mark_priced_lines();
CREATE TRIGGER stock_movements_analytics_purchase_change AFTER UPDATE OR DELETE ON stock_movements FOR EACH ROW
  WHEN (OLD.kind = 'purchase' AND OLD.unit_cost IS NOT NULL) EXECUTE FUNCTION app_analytics_mark_priced_lines();

-- A fee grid cell: the finished orders of that carrier and wilaya.
CREATE INDEX analytics_order_money_fee_cell ON analytics_order_money (tenant_id, shipping_company_id, state_id);
CREATE FUNCTION app_analytics_mark_fee_cell() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN v_row := OLD; ELSE v_row := NEW; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), v_row.tenant_id);
  INSERT INTO analytics_dirty (tenant_id, order_id)
  SELECT m.tenant_id, m.order_id FROM analytics_order_money m
  WHERE m.tenant_id = v_row.tenant_id AND m.shipping_company_id = v_row.shipping_company_id
    AND m.state_id = v_row.state_id;
  IF TG_OP = 'UPDATE' AND (OLD.shipping_company_id, OLD.state_id) IS DISTINCT FROM (NEW.shipping_company_id, NEW.state_id) THEN
    INSERT INTO analytics_dirty (tenant_id, order_id)
    SELECT m.tenant_id, m.order_id FROM analytics_order_money m
    WHERE m.tenant_id = OLD.tenant_id AND m.shipping_company_id = OLD.shipping_company_id AND m.state_id = OLD.state_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER shipping_fees_analytics AFTER INSERT OR UPDATE OR DELETE ON shipping_fees FOR EACH ROW
  EXECUTE FUNCTION app_analytics_mark_fee_cell();

-- A commission line notes its order.
CREATE TRIGGER agent_commissions_analytics_insert AFTER INSERT ON agent_commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER agent_commissions_analytics_update AFTER UPDATE ON agent_commissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER agent_commissions_analytics_delete AFTER DELETE ON agent_commissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();

-- Every shop's parts and rollups, from the stored facts; then the fold takes the orders noted
-- meanwhile (their stored facts may be behind).
SELECT app_analytics_money_build(id) FROM tenants;
SELECT app_analytics_fold(id) FROM tenants;
ANALYZE analytics_money_parts;
ANALYZE analytics_money_rollups;
ANALYZE analytics_money_pool_counts;
