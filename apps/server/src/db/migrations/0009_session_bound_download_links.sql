-- docs/decisions/0040: every link a new tab opens without the bearer header (the printed orders
-- list, parcel tickets) is a download_links row, bound to the session (auth token) that asked for
-- it: logging out or revoking that session ends its links. Parcel tickets were HMAC-signed URLs
-- valid 10 minutes and reusable; they become rows spent by their first use, like the PDF's.
--
-- Rows made before this migration belong to no session and live 60 seconds: they are dropped
-- (an open one is asked for again by a click).
DELETE FROM download_links;

ALTER TABLE download_links ADD COLUMN token_id integer NOT NULL;
ALTER TABLE download_links
  ADD CONSTRAINT download_links_token_fk FOREIGN KEY (tenant_id, token_id)
  REFERENCES auth_tokens (tenant_id, id) ON DELETE CASCADE;

ALTER TABLE download_links DROP CONSTRAINT download_links_kind_check;
ALTER TABLE download_links
  ADD CONSTRAINT download_links_kind_check CHECK (kind IN ('orders-pdf', 'parcel-ticket'));
