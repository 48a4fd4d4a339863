-- Part of a tracking number finds its order (issue 12 item 9a, docs/decisions/0048). Sellers read
-- or hear a piece of a carrier's number ("CMQAQ" of "yal-CMQAQ41"); an exact-match index cannot
-- answer that and LIKE '%...%' reads every order. pg_trgm is not built into PGlite, so the same
-- idea as the name words (0004, decisions 0013/0015): every suffix of the upper-cased number is a
-- row, and any piece of the number is the beginning of one of them, a range on a "C" column.
-- A number of n characters makes at most n - 3 rows (pieces are searched from 4 characters).
CREATE TABLE order_tracking_terms (
  tenant_id integer NOT NULL,
  term text COLLATE "C" NOT NULL,
  order_id integer NOT NULL,
  PRIMARY KEY (tenant_id, term, order_id),
  FOREIGN KEY (tenant_id, order_id) REFERENCES orders (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX order_tracking_terms_order_idx ON order_tracking_terms (tenant_id, order_id);
SELECT app_enable_tenant_rls('order_tracking_terms');

-- Written by the database whenever an order's tracking number is set or changes, whoever writes it
-- (the shipping flows, imports, the demo seed), so no writer can forget it.
CREATE FUNCTION app_order_tracking_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tracking text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.tracking_number IS NOT DISTINCT FROM NEW.tracking_number THEN
      RETURN NULL;
    END IF;
    DELETE FROM order_tracking_terms WHERE tenant_id = OLD.tenant_id AND order_id = OLD.id;
  END IF;
  tracking := upper(btrim(NEW.tracking_number));
  IF tracking IS NOT NULL AND tracking <> '' THEN
    INSERT INTO order_tracking_terms (tenant_id, term, order_id)
      SELECT NEW.tenant_id, substr(tracking, i), NEW.id
      FROM generate_series(1, greatest(length(tracking) - 3, 1)) AS i
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_tracking_terms AFTER INSERT OR UPDATE OF tracking_number ON orders
  FOR EACH ROW EXECUTE FUNCTION app_order_tracking_terms();

-- The numbers already there.
INSERT INTO order_tracking_terms (tenant_id, term, order_id)
  SELECT o.tenant_id, substr(upper(btrim(o.tracking_number)), i), o.id
  FROM orders o
  CROSS JOIN LATERAL generate_series(1, greatest(length(btrim(o.tracking_number)) - 3, 1)) AS i
  WHERE o.tracking_number IS NOT NULL AND btrim(o.tracking_number) <> ''
  ON CONFLICT DO NOTHING;
