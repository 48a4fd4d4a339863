-- Fewer per-row trigger calls when orders are created in bulk (an import chunk, a group of intake
-- requests; issue 16.3, docs/decisions/0123). What every trigger does is unchanged; only when
-- PL/pgSQL is entered changes:
--
-- 1. The history rows' analytics mark (0034) becomes one statement per INSERT, as the orders' and
--    the lines' already are: the same orders are noted dirty (app_analytics_mark_rows notes each
--    distinct order of the new rows), in one INSERT instead of one per row.
-- 2. The row triggers whose function does nothing for most rows get the function's own test as a
--    WHEN clause, which PostgreSQL evaluates without calling the function: a new order has no
--    tracking number (orders_tracking_terms), is seldom created confirmed (orders_was_confirmed),
--    and comes from an import or the API without an agent (orders_agent_source).

DROP TRIGGER fulfillment_statuses_analytics_insert ON fulfillment_statuses;
CREATE TRIGGER fulfillment_statuses_analytics_insert AFTER INSERT ON fulfillment_statuses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_analytics_mark_rows();

-- app_order_tracking_terms: an insert without a tracking number writes no term; an update that
-- leaves the number as it was returns at once.
DROP TRIGGER orders_tracking_terms ON orders;
CREATE TRIGGER orders_tracking_terms_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.tracking_number IS NOT NULL)
  EXECUTE FUNCTION app_order_tracking_terms();
CREATE TRIGGER orders_tracking_terms AFTER UPDATE OF tracking_number ON orders FOR EACH ROW
  WHEN (OLD.tracking_number IS DISTINCT FROM NEW.tracking_number)
  EXECUTE FUNCTION app_order_tracking_terms();

-- app_order_was_confirmed only sets was_confirmed when the row is confirmed.
DROP TRIGGER orders_was_confirmed ON orders;
CREATE TRIGGER orders_was_confirmed BEFORE INSERT OR UPDATE OF status_type ON orders FOR EACH ROW
  WHEN (NEW.status_type = 'confirmed')
  EXECUTE FUNCTION app_order_was_confirmed();

-- app_orders_agent_source: an insert changes the row only when it has an agent; an update only when
-- the agent changed and the writer did not say how it was chosen.
DROP TRIGGER orders_agent_source ON orders;
CREATE TRIGGER orders_agent_source_insert BEFORE INSERT ON orders FOR EACH ROW
  WHEN (NEW.agent_id IS NOT NULL)
  EXECUTE FUNCTION app_orders_agent_source();
CREATE TRIGGER orders_agent_source BEFORE UPDATE OF agent_id ON orders FOR EACH ROW
  WHEN (NEW.agent_id IS DISTINCT FROM OLD.agent_id AND NEW.agent_source IS NOT DISTINCT FROM OLD.agent_source)
  EXECUTE FUNCTION app_orders_agent_source();
