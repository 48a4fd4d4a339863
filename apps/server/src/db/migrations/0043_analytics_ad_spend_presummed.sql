-- Decision 0135: the ad spend spread over the pools' members is kept in the money rollups, at each
-- pool's weight when it was last re-based (analytics_money_pool_weights). A reader adds, for the
-- few pools whose weight now differs (today's, an expense just changed), their member counts times
-- the difference, instead of reading every pool's member counts of the period (110,096 rows for 90
-- days at 1,000,000 orders).
--
-- Invariant: a rollup's ad_micro = Σ over its pools of (the pool's stored member count × the pool's
-- stored weight). The fold adds members at the stored weight; the re-base moves a pool to its
-- weight now and adds count × (new − old) to each rollup of its members.

ALTER TABLE analytics_money_rollups ADD COLUMN ad_micro bigint NOT NULL DEFAULT 0;

-- A pool's spend per member in micro-centimes, as last re-based (a pool without a row: 0).
CREATE TABLE analytics_money_pool_weights (
  tenant_id integer NOT NULL,
  day date NOT NULL,
  pool text COLLATE "C" NOT NULL,
  w bigint NOT NULL,
  PRIMARY KEY (tenant_id, day, pool)
);
SELECT app_enable_tenant_rls('analytics_money_pool_weights'::regclass);

-- The re-base reads one pool's counts under every filter and output.
CREATE INDEX analytics_money_pool_counts_pool ON analytics_money_pool_counts (tenant_id, day, pool);

-- The ad-spend pools of a period (decision 0116): the expenses of a day of a campaign, or, with no
-- campaign, of a sales source. Written once: the view's reads and the re-base use it.
CREATE FUNCTION app_analytics_ad_pools(p_tenant integer, p_from date, p_to date)
RETURNS TABLE (day date, pool text, campaign text, source text, expense_source text, spend bigint)
LANGUAGE sql STABLE AS $$
  SELECT e.spent_on, 'c:' || e.campaign_id, e.campaign_id, NULL::text, min(e.sales_source),
    sum(e.amount_centimes)::bigint
  FROM expenses e
  WHERE e.tenant_id = p_tenant AND e.spent_on BETWEEN p_from AND p_to AND e.campaign_id IS NOT NULL
  GROUP BY e.spent_on, e.campaign_id
  UNION ALL
  SELECT e.spent_on, 's:' || e.sales_source, NULL, e.sales_source, e.sales_source, sum(e.amount_centimes)::bigint
  FROM expenses e
  WHERE e.tenant_id = p_tenant AND e.spent_on BETWEEN p_from AND p_to
    AND e.campaign_id IS NULL AND e.sales_source IS NOT NULL
  GROUP BY e.spent_on, e.sales_source
$$;

-- Adds signed parts to a shop's money rollups and pool counts; a member adds its pool's stored
-- weight to the rollups' ad_micro.
CREATE OR REPLACE FUNCTION app_analytics_money_add(p_tenant integer, p_parts analytics_money_parts[], p_sign integer)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_parts IS NULL OR cardinality(p_parts) = 0 THEN RETURN; END IF;
  WITH e AS MATERIALIZED (
    SELECT p.kind, p.day, p.pool, k.fk, k.fv, k.ok, k.ov, p.revenue, p.product_cost, p.carrier_fee, p.return_fee,
      p.commission, p.delivered_n, p.returned_n, coalesce(w.w, 0) AS ad_micro
    FROM unnest(p_parts) p
    LEFT JOIN analytics_money_pool_weights w ON p.kind = 'm' AND w.tenant_id = p_tenant AND w.day = p.day
      AND w.pool = p.pool
    CROSS JOIN LATERAL app_analytics_money_keys(p.agent_key, p.source_key, p.campaign_key, p.wilaya_key, p.carrier_key,
      p.product_keys) k
  ),
  money AS (
    INSERT INTO analytics_money_rollups AS r (tenant_id, fk, fv, day, ok, ov, revenue, product_cost, carrier_fee,
      return_fee, commission, delivered_n, returned_n, ad_micro)
    SELECT p_tenant, e.fk, e.fv, e.day, e.ok, e.ov, p_sign * sum(e.revenue), p_sign * sum(e.product_cost),
      p_sign * sum(e.carrier_fee), p_sign * sum(e.return_fee), p_sign * sum(e.commission),
      p_sign * sum(e.delivered_n), p_sign * sum(e.returned_n),
      p_sign * coalesce(sum(e.ad_micro) FILTER (WHERE e.kind = 'm'), 0)
    FROM e WHERE e.kind <> 'm' OR e.ad_micro <> 0
    GROUP BY e.fk, e.fv, e.ok, e.day, e.ov
    ORDER BY e.fk, e.fv, e.ok, e.day, e.ov
    ON CONFLICT (tenant_id, fk, fv, day, ok, ov) DO UPDATE SET
      revenue = r.revenue + excluded.revenue,
      product_cost = r.product_cost + excluded.product_cost,
      carrier_fee = r.carrier_fee + excluded.carrier_fee,
      return_fee = r.return_fee + excluded.return_fee,
      commission = r.commission + excluded.commission,
      delivered_n = r.delivered_n + excluded.delivered_n,
      returned_n = r.returned_n + excluded.returned_n,
      ad_micro = r.ad_micro + excluded.ad_micro
  )
  INSERT INTO analytics_money_pool_counts AS r
  SELECT p_tenant, e.fk, e.fv, e.day, e.pool, e.ok, e.ov, p_sign * count(*)
  FROM e WHERE e.kind = 'm'
  GROUP BY e.fk, e.fv, e.ok, e.day, e.pool, e.ov
  ORDER BY e.fk, e.fv, e.ok, e.day, e.pool, e.ov
  ON CONFLICT (tenant_id, fk, fv, day, pool, ok, ov) DO UPDATE SET n = r.n + excluded.n;
END $$;

-- Moves the pools of the days before p_before whose weight changed (spend or member count) to
-- their weight now: count × (new − old) added to each rollup of their members. The fold calls it
-- for the days before the shop's today (today's pools change with every new order; readers
-- correct them). Returns the number of pools moved.
CREATE FUNCTION app_analytics_money_rebase(p_tenant integer, p_before date) RETURNS integer
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  v_moved integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), p_tenant);
  WITH sizes AS (
    SELECT c.day, c.pool, sum(c.n)::bigint AS n FROM analytics_money_pool_counts c
    WHERE c.tenant_id = p_tenant AND c.fk = '' AND c.fv = '' AND c.ok = 'day' AND c.day < p_before
    GROUP BY c.day, c.pool
  ),
  live AS (
    SELECT p.day, p.pool, p.spend * 1000000 / s.n AS w
    FROM app_analytics_ad_pools(p_tenant, '-infinity', p_before - 1) p
    JOIN sizes s ON s.day = p.day AND s.pool = p.pool
    WHERE s.n > 0
  ),
  moved AS MATERIALIZED (
    SELECT coalesce(l.day, s.day) AS day, coalesce(l.pool, s.pool) AS pool, coalesce(l.w, 0) AS w,
      coalesce(s.w, 0) AS ws
    FROM live l
    FULL JOIN (SELECT * FROM analytics_money_pool_weights w WHERE w.tenant_id = p_tenant AND w.day < p_before) s
      ON s.day = l.day AND s.pool = l.pool
    WHERE coalesce(l.w, 0) <> coalesce(s.w, 0)
  ),
  added AS (
    INSERT INTO analytics_money_rollups AS r (tenant_id, fk, fv, day, ok, ov, revenue, product_cost, carrier_fee,
      return_fee, commission, delivered_n, returned_n, ad_micro)
    SELECT p_tenant, c.fk, c.fv, c.day, c.ok, c.ov, 0, 0, 0, 0, 0, 0, 0, sum(c.n * (m.w - m.ws))
    FROM moved m
    JOIN analytics_money_pool_counts c ON c.tenant_id = p_tenant AND c.day = m.day AND c.pool = m.pool
    WHERE c.n <> 0
    GROUP BY c.fk, c.fv, c.ok, c.day, c.ov
    ORDER BY c.fk, c.fv, c.ok, c.day, c.ov
    ON CONFLICT (tenant_id, fk, fv, day, ok, ov) DO UPDATE SET ad_micro = r.ad_micro + excluded.ad_micro
  ),
  -- A pool whose spend or members are gone keeps a row of weight 0.
  weighed AS (
    INSERT INTO analytics_money_pool_weights AS w (tenant_id, day, pool, w)
    SELECT p_tenant, m.day, m.pool, m.w FROM moved m ORDER BY m.day, m.pool
    ON CONFLICT (tenant_id, day, pool) DO UPDATE SET w = excluded.w
  )
  SELECT count(*) INTO v_moved FROM moved;
  RETURN v_moved;
END $$;

-- The shop's today (its time zone): the fold re-bases the days before it.
CREATE FUNCTION app_shop_today(p_tenant integer) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE coalesce((SELECT time_zone FROM tenant_settings WHERE tenant_id = p_tenant),
    'Africa/Algiers'))::date
$$;

-- The fold of 0042, then the re-base of the past pools whose weight changed. An expense entered
-- for a past day is re-based by the shop's next fold (readers correct it until then).
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
  PERFORM app_analytics_money_rebase(p_tenant, app_shop_today(p_tenant));
  RETURN coalesce(cardinality(v_changed), 0);
END $$;

-- The rebuild of 0042, with the weights rebuilt from nothing.
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
  DELETE FROM analytics_money_pool_weights WHERE tenant_id = p_tenant;
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
  PERFORM app_analytics_money_rebase(p_tenant, app_shop_today(p_tenant));
END $$;

-- Every shop's past pools at their weight now.
SELECT app_analytics_money_rebase(id, app_shop_today(id)) FROM tenants;
ANALYZE analytics_money_rollups;
ANALYZE analytics_money_pool_weights;
