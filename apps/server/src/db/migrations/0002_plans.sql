-- The plans every installation starts with (SPEC 1: subscription plans including a Trial).
INSERT INTO plans (name, price, duration_days, is_trial, max_users) VALUES
  ('Trial', 0, 14, true, 3),
  ('Basic', 2900, 30, false, 5),
  ('Pro', 5900, 30, false, 20),
  ('Business', 11900, 30, false, NULL)
ON CONFLICT (name) DO NOTHING;
