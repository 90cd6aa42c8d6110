-- The ERP sync API (issue 20 point 4, decision 0810): scoped API keys an admin creates and
-- revokes in the panel, replayable answers for Idempotency-Key, and a commit-safe position of
-- each paid order for the "paid orders since a cursor" feed.
CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- The first characters of the key (never enough to use it): tells keys apart in the panel.
  prefix text NOT NULL,
  -- SHA-256 of the whole key (256 random bits): the key itself is shown once and never stored.
  key_hash bytea NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['stock', 'prices', 'catalogue', 'orders:read']),
  created_by bigint REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by bigint REFERENCES staff (id)
);

-- An answer kept for 24 h under (key, Idempotency-Key): the same call again gets it back.
CREATE TABLE api_idempotency (
  api_key_id bigint NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  request_hash bytea NOT NULL,
  status smallint NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (api_key_id, idempotency_key)
);
CREATE INDEX api_idempotency_created_idx ON api_idempotency (created_at);

-- The transaction that marked an order paid. The feed lists only orders whose paying
-- transaction is older than every transaction still running, in (paid_xid, id) order: an order
-- committed later always sorts after every cursor handed out before, so none is skipped.
ALTER TABLE orders ADD COLUMN paid_xid xid8;
UPDATE orders SET paid_xid = '1'::xid8 WHERE paid_at IS NOT NULL;
CREATE INDEX orders_paid_xid_idx ON orders (paid_xid, id) WHERE paid_xid IS NOT NULL;

CREATE FUNCTION orders_mark_paid_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_at IS NOT NULL AND NEW.paid_xid IS NULL THEN
    NEW.paid_xid := pg_current_xact_id();
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER orders_mark_paid_xid BEFORE INSERT OR UPDATE OF paid_at ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_mark_paid_xid();
