-- Sign-in and reset-mail limits (docs/decisions/0038). One row per counted key (an account, an
-- address, or the pair of both), changed under its row lock so parallel attempts see each other:
-- `hits` attempts since `window_started_at`, reset once the window has passed.
CREATE TABLE auth_rate_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now()
);
-- Stale counters are swept oldest first.
CREATE INDEX auth_rate_counters_window_idx ON auth_rate_counters (window_started_at);

-- Addresses an account signed in from with its password. While strangers hold the account's
-- ceiling, these addresses keep signing in (only their own pair limit applies to them).
CREATE TABLE auth_known_addresses (
  account_key text NOT NULL,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_key, address)
);

-- login_attempts (0001) is no longer written; it is dropped by a later migration, once no
-- instance of the previous release (which still writes it during a rolling update) is left.
