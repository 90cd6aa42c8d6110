-- The order desk (issue 17): RETIRADO for orders handed over at the counter, a tracking note for
-- shipped ones, and every status change of an order kept with who, why and when.
ALTER TABLE orders ADD COLUMN tracking_note text;

CREATE TABLE order_status_history (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  staff_id bigint,          -- NULL: the shop itself (checkout, payment, reservation expiry)
  staff_email text,         -- who it was then (an account can change its e-mail or be disabled)
  note text,                -- the reason of a cancel or refund, the tracking note of a shipment
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, id);

-- A trigger, so the history is complete whatever changes the status (checkout, payment
-- settlement, expiry, the desk). The desk says who and why for its own change with
-- transaction-local settings (set_config(..., true)), read here; the shop's own changes have none.
CREATE FUNCTION record_order_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_history (order_id, from_status, to_status, staff_id, staff_email, note, created_at)
  VALUES (
    NEW.id,
    CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END,
    NEW.status,
    NULLIF(current_setting('fronteira.staff_id', true), '')::bigint,
    NULLIF(current_setting('fronteira.staff_email', true), ''),
    NULLIF(current_setting('fronteira.status_note', true), ''),
    now()
  );
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_status_history_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_status();
CREATE TRIGGER orders_status_history_update AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION record_order_status();

-- Orders placed before this migration start their history at what is known of them.
INSERT INTO order_status_history (order_id, from_status, to_status, created_at)
SELECT id, NULL, status, COALESCE(paid_at, created_at) FROM orders;

-- The desk lists newest first, filtered by status; the counter looks orders up by pickup code (unique already).
CREATE INDEX orders_desk_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_idx ON orders (status, created_at DESC);
