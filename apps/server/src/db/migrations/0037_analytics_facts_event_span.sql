-- Analytics, the facts path (issue 14.6; docs/decisions/0125). A read with two filters, or a pair the
-- rollups do not keep, counts the per-order facts; it read every fact row of the shop to find the
-- events of its range. Indexing the span of an order's events (its first and last event instant)
-- lets it read only the orders with an event near the range: an order whose last event is before
-- the range, or whose first event is after it, has no event in it.
CREATE INDEX analytics_order_facts_event_span ON analytics_order_facts (
  tenant_id,
  (greatest(created_at, called_at, decided_at, confirmed_at, cancelled_at, dispatched_at, delivered_at, returned_at)),
  (least(created_at, called_at, decided_at, confirmed_at, cancelled_at, dispatched_at, delivered_at, returned_at))
);
