-- Issue 34 points 1 and 2. Staff notes: free text a staff member leaves on an order or a customer
-- (each write is also in audit_log). order_mail_log: one row per order e-mail actually handed to
-- the mail server (a capped or failed send writes none), read by the order's timeline and by
-- "send again", which may only repeat a kind the order has sent.
CREATE TABLE staff_notes (
  id bigserial PRIMARY KEY,
  order_id bigint REFERENCES orders (id) ON DELETE CASCADE,
  customer_id bigint REFERENCES customers (id) ON DELETE CASCADE,
  staff_id bigint REFERENCES staff (id),
  staff_email text NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((order_id IS NULL) <> (customer_id IS NULL))
);
CREATE INDEX staff_notes_order_idx ON staff_notes (order_id, created_at) WHERE order_id IS NOT NULL;
CREATE INDEX staff_notes_customer_idx ON staff_notes (customer_id, created_at) WHERE customer_id IS NOT NULL;

CREATE TABLE order_mail_log (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL,
  recipient text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_mail_log_order_idx ON order_mail_log (order_id, sent_at);
