-- Every write to a table the Orders list reads tells the servers which shop it changed (issue 16.2,
-- docs/decisions/0137). Each server listens on one connection of its own and keeps a generation per
-- shop; a page of the list is kept in memory only while its shop's generation has not moved.
--
-- One statement trigger per table, whatever the rows: a statement that changes nothing still
-- notifies (it costs a needless reload, never a stale page). The payload is the transaction's
-- app.tenant_id (withTenant sets it, and RLS keeps the statement inside that shop); a write without
-- it (central administration, the owner role, a migration) says '*': every shop may have changed.
-- PostgreSQL folds the same payload sent twice by one transaction into one notification, delivered
-- at commit and never for a transaction that rolls back.
--
-- The list of tables is checked by test/orders/orders-list-cache.int.test.ts: it explains every
-- statement the list runs and fails if one reads a table without this trigger.

CREATE FUNCTION app_notify_rows_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_rows_written', coalesce(nullif(current_setting('app.tenant_id', true), ''), '*'));
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'orders', 'order_lines', 'order_counts', 'order_count_deltas', 'order_search_terms',
    'order_tracking_terms', 'fulfillment_statuses', 'statuses', 'products', 'product_variants',
    'users', 'user_product_scopes', 'sales_channels', 'customer_blocks', 'shipments',
    'shipping_companies', 'states', 'cities'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION app_notify_rows_written()',
      t || '_rows_written', t);
  END LOOP;
END $$;
