-- Analytics, third step (issue 14.6 speed targets; docs/decisions/0118 and 0119). Keeps the facts,
-- the wide rollup rows and their functions of 0030_analytics_narrow_rollups.sql.
--
-- (A data-modifying WITH runs whether or not the main statement reads it: app_analytics_add
-- writes the daily rows in one and the weekly rows in the main INSERT.)
--
-- 1. The write path only notes which order changed: one append-only row in analytics_dirty per
--    changed row (row triggers; no facts computed, no lock taken, nothing deferred to commit).
-- 2. The fold (a background job, or a reader past the threshold) takes the noted orders, computes
--    their facts, and adds new minus old facts to the rollups and rewrites the facts, in one
--    transaction behind the shop's advisory lock.
-- 3. Readers add to the folded rollups, in the same statement, the facts of the noted orders
--    computed now minus their stored facts: the numbers are exact before any fold.
-- 4. Weekly rollup rows (the Monday of the week in `day`), written by the fold next to the daily
--    ones: a breakdown over a long range sums whole weeks from them and only the edge days from
--    the daily rows. A second index serves the pairs read "the other way round" (a filter whose
--    dimension sorts after the breakdown's, e.g. wilaya 16 by product).

-- Sorting millions of rollup rows (the weekly build, the new index) in memory where it fits.
SET LOCAL work_mem = '128MB';
SET LOCAL maintenance_work_mem = '256MB';

-- Pending fact deltas of the previous write path go into the rollups first.
SELECT app_analytics_fold(id) FROM tenants;

DROP TRIGGER orders_analytics_insert ON orders;
DROP TRIGGER orders_analytics_update ON orders;
DROP TRIGGER orders_analytics_delete ON orders;
DROP TRIGGER order_lines_analytics_insert ON order_lines;
DROP TRIGGER order_lines_analytics_update ON order_lines;
DROP TRIGGER order_lines_analytics_delete ON order_lines;
DROP TRIGGER fulfillment_statuses_analytics_insert ON fulfillment_statuses;
DROP TRIGGER analytics_dirty_orders_refresh ON analytics_dirty_orders;
DROP FUNCTION app_analytics_refresh_dirty();
DROP FUNCTION app_analytics_orders_changed();
DROP FUNCTION app_analytics_order_children_changed();
DROP FUNCTION app_analytics_refresh(integer, integer[]);
DROP FUNCTION app_analytics_mismatches(integer);
DROP FUNCTION app_analytics_rebuild(integer);
DROP FUNCTION app_analytics_fold(integer);
DROP TABLE analytics_dirty_orders;
DROP TABLE analytics_fact_deltas;

-- Orders whose facts may have changed since the last fold. Append-only (two status changes never
-- touch one row), duplicates allowed; the fold deletes what it took.
CREATE TABLE analytics_dirty (
  tenant_id integer NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  order_id integer NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE analytics_rollups_weekly (LIKE analytics_rollups INCLUDING ALL);
COMMENT ON COLUMN analytics_rollups_weekly.day IS 'the Monday of the week (date_trunc(''week'', day))';
CREATE INDEX analytics_rollups_reverse ON analytics_rollups (tenant_id, fk, bk, bv, day);
CREATE INDEX analytics_rollups_weekly_reverse ON analytics_rollups_weekly (tenant_id, fk, bk, bv, day);

INSERT INTO analytics_rollups_weekly
SELECT tenant_id, fk, fv, bk, bv, date_trunc('week', day)::date,
  sum(created_n), sum(created_amount), sum(called_n), sum(decided_n), sum(confirmed_n), sum(confirmed_s),
  sum(cancelled_n), sum(cancelled_amount), sum(dispatched_n), sum(dispatched_amount), sum(delivered_n),
  sum(delivered_amount), sum(delivered_s), sum(delivered_timed_n), sum(returned_n), sum(returned_amount)
FROM analytics_rollups
GROUP BY tenant_id, fk, fv, bk, bv, date_trunc('week', day)::date
ORDER BY 1, 2, 3, 4, 6, 5;

-- ---------------------------------------------------------------- write path
CREATE FUNCTION app_analytics_mark_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (tenant_id, order_id) VALUES (NEW.tenant_id, NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION app_analytics_mark_child() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty (tenant_id, order_id) VALUES (NEW.tenant_id, NEW.order_id);
  RETURN NULL;
END $$;

-- Bulk statements (an import, a creation with its lines, a bulk delete): one INSERT per statement.
CREATE FUNCTION app_analytics_mark_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' AND TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty (tenant_id, order_id) SELECT tenant_id, id FROM old_rows;
  ELSIF TG_TABLE_NAME = 'orders' THEN
    INSERT INTO analytics_dirty (tenant_id, order_id) SELECT tenant_id, id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_dirty (tenant_id, order_id) SELECT DISTINCT tenant_id, order_id FROM old_rows;
  ELSE
    INSERT INTO analytics_dirty (tenant_id, order_id) SELECT DISTINCT tenant_id, order_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;

-- An update of an order marks it only when a column the facts read changed (app_analytics_compute_facts).
CREATE TRIGGER orders_analytics_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.status_id, OLD.status_type, OLD.deleted_at, OLD.cancelled_at, OLD.updated_at, OLD.created_at,
         OLD.agent_id, OLD.sales_source, OLD.campaign_id, OLD.state_id, OLD.city_id, OLD.shipping_company_id,
         OLD.total)
        IS DISTINCT FROM
        (NEW.status_id, NEW.status_type, NEW.deleted_at, NEW.cancelled_at, NEW.updated_at, NEW.created_at,
         NEW.agent_id, NEW.sales_source, NEW.campaign_id, NEW.state_id, NEW.city_id, NEW.shipping_company_id,
         NEW.total))
  EXECUTE FUNCTION app_analytics_mark_order();
CREATE TRIGGER fulfillment_statuses_analytics_insert AFTER INSERT ON fulfillment_statuses FOR EACH ROW
  EXECUTE FUNCTION app_analytics_mark_child();
CREATE TRIGGER orders_analytics_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER orders_analytics_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER order_lines_analytics_insert AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER order_lines_analytics_update AFTER UPDATE ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();
CREATE TRIGGER order_lines_analytics_delete AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();

-- ---------------------------------------------------------------- rollups
-- Adds signed fact rows to a shop's daily and weekly rollups (the keys are computed once).
CREATE OR REPLACE FUNCTION app_analytics_add(p_tenant integer, p_facts analytics_order_facts[], p_sign integer)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_facts IS NULL OR cardinality(p_facts) = 0 THEN RETURN; END IF;
  WITH w AS MATERIALIZED (
    SELECT * FROM app_analytics_wide(p_facts, p_sign)
  ),
  daily AS (
    INSERT INTO analytics_rollups AS r
    SELECT * FROM w ORDER BY w.fk, w.fv, w.bk, w.day, w.bv
    ON CONFLICT (tenant_id, fk, fv, bk, day, bv) DO UPDATE SET
      created_n = r.created_n + excluded.created_n,
      created_amount = r.created_amount + excluded.created_amount,
      called_n = r.called_n + excluded.called_n,
      decided_n = r.decided_n + excluded.decided_n,
      confirmed_n = r.confirmed_n + excluded.confirmed_n,
      confirmed_s = r.confirmed_s + excluded.confirmed_s,
      cancelled_n = r.cancelled_n + excluded.cancelled_n,
      cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
      dispatched_n = r.dispatched_n + excluded.dispatched_n,
      dispatched_amount = r.dispatched_amount + excluded.dispatched_amount,
      delivered_n = r.delivered_n + excluded.delivered_n,
      delivered_amount = r.delivered_amount + excluded.delivered_amount,
      delivered_s = r.delivered_s + excluded.delivered_s,
      delivered_timed_n = r.delivered_timed_n + excluded.delivered_timed_n,
      returned_n = r.returned_n + excluded.returned_n,
      returned_amount = r.returned_amount + excluded.returned_amount
  )
  INSERT INTO analytics_rollups_weekly AS r
  SELECT w.tenant_id, w.fk, w.fv, w.bk, w.bv, date_trunc('week', w.day)::date,
    sum(created_n), sum(created_amount), sum(called_n), sum(decided_n), sum(confirmed_n), sum(confirmed_s),
    sum(cancelled_n), sum(cancelled_amount), sum(dispatched_n), sum(dispatched_amount), sum(delivered_n),
    sum(delivered_amount), sum(delivered_s), sum(delivered_timed_n), sum(returned_n), sum(returned_amount)
  FROM w
  GROUP BY w.tenant_id, w.fk, w.fv, w.bk, w.bv, date_trunc('week', w.day)::date
  ORDER BY 2, 3, 4, 6, 5
  ON CONFLICT (tenant_id, fk, fv, bk, day, bv) DO UPDATE SET
    created_n = r.created_n + excluded.created_n,
    created_amount = r.created_amount + excluded.created_amount,
    called_n = r.called_n + excluded.called_n,
    decided_n = r.decided_n + excluded.decided_n,
    confirmed_n = r.confirmed_n + excluded.confirmed_n,
    confirmed_s = r.confirmed_s + excluded.confirmed_s,
    cancelled_n = r.cancelled_n + excluded.cancelled_n,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    dispatched_n = r.dispatched_n + excluded.dispatched_n,
    dispatched_amount = r.dispatched_amount + excluded.dispatched_amount,
    delivered_n = r.delivered_n + excluded.delivered_n,
    delivered_amount = r.delivered_amount + excluded.delivered_amount,
    delivered_s = r.delivered_s + excluded.delivered_s,
    delivered_timed_n = r.delivered_timed_n + excluded.delivered_timed_n,
    returned_n = r.returned_n + excluded.returned_n,
    returned_amount = r.returned_amount + excluded.returned_amount;
END $$;

-- Folds a shop's noted orders: their facts recomputed, new minus old added to the rollups, the
-- facts rewritten, the notes taken away, in the caller's transaction behind the shop's lock.
-- Idempotent: a note taken twice (it cannot be, the DELETE takes it once) would add nothing, as the
-- stored facts already equal the computed ones. A change committed after the DELETE's snapshot
-- keeps its note for the next fold; one committed before it is in the facts computed after it.
-- Answers the number of orders whose facts changed.
CREATE FUNCTION app_analytics_fold(p_tenant integer) RETURNS integer
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
  IF v_changed IS NULL THEN RETURN 0; END IF;
  PERFORM app_analytics_add(p_tenant, v_old, -1);
  PERFORM app_analytics_add(p_tenant, v_new, 1);
  DELETE FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (v_changed);
  IF v_new IS NOT NULL THEN
    INSERT INTO analytics_order_facts SELECT * FROM unnest(v_new);
  END IF;
  RETURN cardinality(v_changed);
END $$;

-- Recomputes a shop's facts and rollups from its orders (bulk loads that bypass the triggers,
-- a time-zone change, repairs), 20,000 orders at a time. `npm run tenant -- analytics:rebuild`.
CREATE FUNCTION app_analytics_rebuild(p_tenant integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_last integer := 0;
  v_facts analytics_order_facts[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_rollups'), p_tenant);
  DELETE FROM analytics_dirty WHERE tenant_id = p_tenant;
  DELETE FROM analytics_rollups WHERE tenant_id = p_tenant;
  DELETE FROM analytics_rollups_weekly WHERE tenant_id = p_tenant;
  DELETE FROM analytics_order_facts WHERE tenant_id = p_tenant;
  INSERT INTO analytics_order_facts SELECT * FROM app_analytics_compute_facts(p_tenant, NULL);
  LOOP
    SELECT array_agg(x.f ORDER BY (x.f).order_id) INTO v_facts FROM (
      SELECT f FROM analytics_order_facts f
      WHERE f.tenant_id = p_tenant AND f.order_id > v_last ORDER BY f.order_id LIMIT 20000
    ) x;
    EXIT WHEN v_facts IS NULL;
    PERFORM app_analytics_add(p_tenant, v_facts, 1);
    v_last := (v_facts[cardinality(v_facts)]).order_id;
  END LOOP;
END $$;

-- The pending changes as signed fact rows: the noted orders' facts computed now (+1) and their
-- stored facts (-1). What readers add to the folded rollups. PL/pgSQL, not an inlined SQL function:
-- its queries are planned once per session and for the orders actually noted, and the reader's
-- statement is planned with a small row estimate (an inlined app_analytics_compute_facts made the
-- planner expect the whole shop, and JIT-compile every view's statement). No JIT inside either.
CREATE FUNCTION app_analytics_pending(p_tenant integer)
RETURNS TABLE (sign integer, facts analytics_order_facts)
LANGUAGE plpgsql STABLE ROWS 100 SET jit = off AS $$
DECLARE
  v_ids integer[];
BEGIN
  SELECT array_agg(DISTINCT d.order_id) INTO v_ids FROM analytics_dirty d WHERE d.tenant_id = p_tenant;
  IF v_ids IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT -1, f FROM analytics_order_facts f WHERE f.tenant_id = p_tenant AND f.order_id = ANY (v_ids);
  RETURN QUERY SELECT 1, c FROM app_analytics_compute_facts(p_tenant, v_ids) c;
END $$;

-- Every order's facts as they are now: the stored facts of the orders not noted since the last
-- fold, and the noted ones computed now. For readers of per-order facts outside the rollups
-- (the stored table lags until the next fold, decision 0118).
CREATE FUNCTION app_analytics_current_facts(p_tenant integer)
RETURNS SETOF analytics_order_facts
LANGUAGE sql STABLE AS $$
  SELECT f.* FROM analytics_order_facts f
  WHERE f.tenant_id = p_tenant
    AND NOT EXISTS (SELECT 1 FROM analytics_dirty d WHERE d.tenant_id = p_tenant AND d.order_id = f.order_id)
  UNION ALL
  SELECT c.* FROM app_analytics_compute_facts(p_tenant,
    ARRAY(SELECT DISTINCT d.order_id FROM analytics_dirty d WHERE d.tenant_id = p_tenant)) c;
$$;

-- Keys where the maintained rollups (folded plus pending) differ from a direct count over the
-- orders and their history, and weekly rows that differ from their days; empty when all agree.
CREATE FUNCTION app_analytics_mismatches(p_tenant integer)
RETURNS TABLE (fk text, fv text, bk text, bv text, day date, metric text, kept bigint, counted bigint)
LANGUAGE sql STABLE AS $$
  WITH kept AS (
    SELECT fk, fv, bk, bv, day, metric, sum(n) AS n, sum(amount) AS amount, sum(duration_s) AS duration_s FROM (
      SELECT * FROM app_analytics_rollup_metrics(p_tenant)
      UNION ALL
      SELECT k.fk, k.fv, k.bk, k.bv, k.day, k.metric, p.sign::bigint, p.sign * k.amount, p.sign * k.duration_s
      FROM app_analytics_pending(p_tenant) p CROSS JOIN LATERAL app_analytics_keys(p.facts) AS k
    ) k GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(duration_s) <> 0
  ),
  counted AS (
    SELECT k.fk, k.fv, k.bk, k.bv, k.day, k.metric, count(*) AS n, sum(k.amount) AS amount, sum(k.duration_s) AS duration_s
    FROM app_analytics_compute_facts(p_tenant, NULL) c CROSS JOIN LATERAL app_analytics_keys(c) AS k
    GROUP BY 1, 2, 3, 4, 5, 6
  ),
  weeks_of_days AS (
    SELECT fk, fv, bk, bv, date_trunc('week', day)::date AS day,
      sum(created_n) AS created_n, sum(created_amount) AS created_amount, sum(called_n) AS called_n,
      sum(decided_n) AS decided_n, sum(confirmed_n) AS confirmed_n, sum(confirmed_s) AS confirmed_s,
      sum(cancelled_n) AS cancelled_n, sum(cancelled_amount) AS cancelled_amount, sum(dispatched_n) AS dispatched_n,
      sum(dispatched_amount) AS dispatched_amount, sum(delivered_n) AS delivered_n,
      sum(delivered_amount) AS delivered_amount, sum(delivered_s) AS delivered_s,
      sum(delivered_timed_n) AS delivered_timed_n, sum(returned_n) AS returned_n, sum(returned_amount) AS returned_amount
    FROM analytics_rollups WHERE tenant_id = p_tenant
    GROUP BY 1, 2, 3, 4, 5
  ),
  weeks AS (
    SELECT * FROM analytics_rollups_weekly WHERE tenant_id = p_tenant
  )
  SELECT coalesce(k.fk, c.fk), coalesce(k.fv, c.fv), coalesce(k.bk, c.bk), coalesce(k.bv, c.bv),
    coalesce(k.day, c.day), coalesce(k.metric, c.metric), k.n, c.n
  FROM kept k FULL JOIN counted c
    ON c.fk = k.fk AND c.fv = k.fv AND c.bk = k.bk AND c.bv = k.bv AND c.day = k.day AND c.metric = k.metric
  WHERE k.n IS DISTINCT FROM c.n OR k.amount IS DISTINCT FROM c.amount OR k.duration_s IS DISTINCT FROM c.duration_s
  UNION ALL
  SELECT coalesce(w.fk, d.fk), coalesce(w.fv, d.fv), coalesce(w.bk, d.bk), coalesce(w.bv, d.bv),
    coalesce(w.day, d.day), 'week', w.created_n, d.created_n
  FROM weeks w FULL JOIN weeks_of_days d
    ON d.fk = w.fk AND d.fv = w.fv AND d.bk = w.bk AND d.bv = w.bv AND d.day = w.day
  WHERE (w.created_n, w.created_amount, w.called_n, w.decided_n, w.confirmed_n, w.confirmed_s, w.cancelled_n,
      w.cancelled_amount, w.dispatched_n, w.dispatched_amount, w.delivered_n, w.delivered_amount, w.delivered_s,
      w.delivered_timed_n, w.returned_n, w.returned_amount)
    IS DISTINCT FROM (d.created_n, d.created_amount, d.called_n, d.decided_n, d.confirmed_n, d.confirmed_s,
      d.cancelled_n, d.cancelled_amount, d.dispatched_n, d.dispatched_amount, d.delivered_n, d.delivered_amount,
      d.delivered_s, d.delivered_timed_n, d.returned_n, d.returned_amount);
$$;

SELECT app_enable_tenant_rls(t) FROM unnest(ARRAY['analytics_dirty', 'analytics_rollups_weekly']::regclass[]) AS t;
