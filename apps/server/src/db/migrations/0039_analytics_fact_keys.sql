-- Analytics, the facts path (issue 14.6; docs/decisions/0127). A read with two filters, or a pair the
-- rollups do not keep, counts the per-order facts. Through the events' span index (0037) it still
-- fetched every order active in the range and only then dropped those outside the filters; and the
-- product filter (`product_keys @> …`) could not use its GIN index under row-level security, its
-- operator not being leak-proof. analytics_fact_keys holds, per order, one row per filter value it
-- matches (its agent, source, campaign, wilaya, carrier and each of its products) with the span of
-- its events: a filter is then a range read of one (kind, value) in the key's order, with text and
-- time comparisons only (leak-proof, so index conditions under row-level security), and several
-- filters join on the order (same span in every row of an order).
--
-- Written by statement triggers on analytics_order_facts, so it moves with the facts in the same
-- transaction whoever writes them (the fold and the rebuild only delete and insert facts rows; an
-- update trigger is there too so that nothing can leave it behind).

-- No foreign key to tenants (as the facts table): its per-row check was a third of the fold's key
-- writes. A product appears once in product_keys (app_analytics_compute_facts aggregates DISTINCT),
-- so an order's key rows never collide and the inserts need no ON CONFLICT.
CREATE TABLE analytics_fact_keys (
  tenant_id integer NOT NULL,
  kind text COLLATE "C" NOT NULL,
  value text COLLATE "C" NOT NULL,
  last_at timestamptz NOT NULL,
  first_at timestamptz NOT NULL,
  order_id integer NOT NULL,
  PRIMARY KEY (tenant_id, kind, value, last_at, order_id) INCLUDE (first_at)
);
-- The planner picks the most selective filter to drive the join from the joint frequencies.
CREATE STATISTICS analytics_fact_keys_kind_value (mcv) ON kind, value FROM analytics_fact_keys;

-- The key rows of one facts row (inlined into the callers' FROM as a lateral join).
CREATE FUNCTION app_analytics_fact_key_rows(f analytics_order_facts)
RETURNS TABLE (tenant_id integer, kind text, value text, last_at timestamptz, first_at timestamptz, order_id integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.tenant_id, k.kind, k.value,
    greatest(f.created_at, f.called_at, f.decided_at, f.confirmed_at, f.cancelled_at, f.dispatched_at,
      f.delivered_at, f.returned_at),
    least(f.created_at, f.called_at, f.decided_at, f.confirmed_at, f.cancelled_at, f.dispatched_at,
      f.delivered_at, f.returned_at),
    f.order_id
  -- Two parallel arrays, not a VALUES list UNION the products: that form, inlined into a lateral
  -- join, hits a planner error on PostgreSQL 15 ("variable not found in subplan target list").
  FROM unnest(
    ARRAY['agent', 'source', 'campaign', 'wilaya', 'carrier']
      || array_fill('product'::text, ARRAY[cardinality(f.product_keys)]),
    ARRAY[f.agent_key, f.source_key, f.campaign_key, f.wilaya_key, f.carrier_key] || f.product_keys
  ) AS k(kind, value);
$$;

CREATE FUNCTION app_analytics_fact_keys_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_fact_keys k
  USING taken t CROSS JOIN LATERAL app_analytics_fact_key_rows(t) AS o
  WHERE k.tenant_id = o.tenant_id AND k.kind = o.kind AND k.value = o.value AND k.last_at = o.last_at
    AND k.order_id = o.order_id;
  RETURN NULL;
END $$;

CREATE FUNCTION app_analytics_fact_keys_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_fact_keys
  SELECT k.* FROM added a CROSS JOIN LATERAL app_analytics_fact_key_rows(a) AS k;
  RETURN NULL;
END $$;

CREATE FUNCTION app_analytics_fact_keys_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_fact_keys k
  USING taken t CROSS JOIN LATERAL app_analytics_fact_key_rows(t) AS o
  WHERE k.tenant_id = o.tenant_id AND k.kind = o.kind AND k.value = o.value AND k.last_at = o.last_at
    AND k.order_id = o.order_id;
  INSERT INTO analytics_fact_keys
  SELECT k.* FROM added a CROSS JOIN LATERAL app_analytics_fact_key_rows(a) AS k;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_fact_keys_removed AFTER DELETE ON analytics_order_facts
  REFERENCING OLD TABLE AS taken FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_fact_keys_removed();
CREATE TRIGGER analytics_fact_keys_added AFTER INSERT ON analytics_order_facts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_fact_keys_added();
CREATE TRIGGER analytics_fact_keys_changed AFTER UPDATE ON analytics_order_facts
  REFERENCING OLD TABLE AS taken NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION app_analytics_fact_keys_changed();

INSERT INTO analytics_fact_keys
SELECT k.* FROM analytics_order_facts f CROSS JOIN LATERAL app_analytics_fact_key_rows(f) AS k;

SELECT app_enable_tenant_rls('analytics_fact_keys');
ANALYZE analytics_fact_keys;
