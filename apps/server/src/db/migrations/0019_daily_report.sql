-- Issue 14.3-14.4: the home page's numbers and the daily report (docs/decisions/0081-0082).

-- The hour (shop time, 0-23) the daily report of the day before is mailed to the shop's owners;
-- null sends none. 8 o'clock by default: an owner reads yesterday over the first coffee.
ALTER TABLE tenant_settings ADD COLUMN IF NOT EXISTS daily_report_hour smallint DEFAULT 8
  CHECK (daily_report_hour BETWEEN 0 AND 23);

-- One row per shop and reported day, inserted (ON CONFLICT DO NOTHING) in the transaction that
-- writes the mails: whichever instance or retry inserts it sends; every other finds it and stops.
CREATE TABLE daily_report_sends (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  day date NOT NULL,
  recipients integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, day)
);
SELECT app_enable_tenant_rls('daily_report_sends');

-- A day's status changes of one shop (confirmed, dispatched, delivered, returned that day) without
-- reading the shop's whole history: a range on (tenant, created_at), the order and status at hand.
CREATE INDEX IF NOT EXISTS fulfillment_statuses_day_idx ON fulfillment_statuses (tenant_id, created_at)
  INCLUDE (order_id, status_id);
