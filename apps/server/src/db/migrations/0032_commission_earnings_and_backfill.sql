-- Issue 13.5 follow-up (docs/decisions/0114, 0115): an order may earn its agent's commission again
-- after a reversal (cancelled then re-confirmed, deleted then restored), still once per earning
-- however often a webhook or a status change repeats; and the orders that reached their agent's
-- commission state before migration 0027 get their earned line.

-- ---------------------------------------------------------------- earnings
-- `earning` numbers an order's earnings: 1 for the first, 2 after the first was reversed and the
-- order qualified again, ... A reversal carries the number of the earning it reverses. The unique
-- key is the guard: two requests (or webhooks) that both see "no open earning" both write earning
-- n + 1, and only one row lands; an earning is reversed at most once.
ALTER TABLE agent_commissions ADD COLUMN earning integer NOT NULL DEFAULT 1 CHECK (earning >= 1);
ALTER TABLE agent_commissions DROP CONSTRAINT IF EXISTS agent_commissions_tenant_id_order_id_kind_key;
ALTER TABLE agent_commissions ADD CONSTRAINT agent_commissions_earning_key
  UNIQUE (tenant_id, order_id, earning, kind);

-- ---------------------------------------------------------------- backfill
-- The earned line of each live order of a shop that qualifies under its agent's current setting
-- (users.commission_type/amount/rate/on, decision 0058, read as the app's commissionOfOrder does:
-- the fixed amount, or the rate of the total rounded half away from zero to the centime), whose
-- status reached the rule's state before `p_before`, and that has no ledger line at all. Dated when
-- the order first reached that state (its history), else its creation. Idempotent: a second run
-- finds every such order with a line and writes nothing. Returns the number of lines written.
CREATE FUNCTION app_commissions_backfill(p_tenant integer, p_before timestamptz) RETURNS integer
LANGUAGE sql AS $$
  WITH candidates AS (
    SELECT o.tenant_id, o.id AS order_id, o.agent_id, u.commission_on AS rule_on,
      CASE u.commission_type
        WHEN 'fixed' THEN (u.commission_amount * 100)::bigint
        ELSE round(o.total * u.commission_rate)::bigint
      END AS amount,
      coalesce((
        SELECT min(f.created_at) FROM fulfillment_statuses f
        JOIN statuses s ON s.tenant_id = f.tenant_id AND s.id = f.status_id
        WHERE f.tenant_id = o.tenant_id AND f.order_id = o.id
          AND (s.type = 'delivered' OR (u.commission_on = 'confirmed'
               AND s.type IN ('confirmed', 'inDispatch', 'follow-up')))
      ), o.created_at) AS reached_at
    FROM orders o
    JOIN users u ON u.tenant_id = o.tenant_id AND u.id = o.agent_id
    WHERE o.tenant_id = p_tenant AND o.deleted_at IS NULL AND u.commission_type <> 'none'
      AND (o.status_type = 'delivered' OR (u.commission_on = 'confirmed'
           AND o.status_type IN ('confirmed', 'inDispatch', 'follow-up')))
      AND NOT EXISTS (SELECT 1 FROM agent_commissions c WHERE c.tenant_id = o.tenant_id AND c.order_id = o.id)
  ), written AS (
    INSERT INTO agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at, earning)
    SELECT tenant_id, order_id, agent_id, 'earned', rule_on, amount, reached_at, 1
    FROM candidates WHERE amount > 0 AND reached_at < p_before
    ON CONFLICT (tenant_id, order_id, earning, kind) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int FROM written;
$$;

-- Every shop, for what happened before the ledger existed (0027's landing).
SELECT app_commissions_backfill(t.id, m.applied_at)
FROM tenants t
CROSS JOIN (SELECT applied_at FROM schema_migrations WHERE name = '0027_commissions_and_order_profit.sql') m;
