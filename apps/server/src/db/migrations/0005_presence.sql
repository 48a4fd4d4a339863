-- Presence and the real-time adapter's spill-over table (issue 7, docs/decisions/0023 and 0024).

-- SPEC 4 / 7: a user is online on sign-in and while a tab is visible, offline when every tab is
-- hidden or gone; last_changed is when that flipped. One row per tenant and user, written only by
-- the socket server (a recompute under a row lock, so two instances never leave a stale state).
CREATE TABLE presence (
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  online boolean NOT NULL DEFAULT false,
  last_changed timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
SELECT app_enable_tenant_rls('presence');

-- @socket.io/postgres-adapter: a broadcast larger than pg_notify's 8000-byte limit (an import
-- chunk's OrderCreated) is stored here and only its id is notified. Read and pruned by the adapter's
-- own pool (the owner role); the app role has no privilege on it. The layout is the adapter's.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);

-- Redis pub/sub ignores database numbers, so two installations sharing one Redis would hear each
-- other's rooms (tenant 1 here is not tenant 1 there). The Redis adapter's channel key carries this
-- id, read from the shared database: every instance of one installation agrees on it by design.
CREATE TABLE realtime_installation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton)
);
INSERT INTO realtime_installation DEFAULT VALUES;
