-- Issue 34 point 5: staff refund chosen lines or quantities of a paid order (decision 1140). The
-- order keeps its status; each partial refund is a row with its lines, what it gives back in the
-- order's currency and in the gateway's, and how it went: PENDENTE (asked of the gateway), FEITO
-- (money returned, the shopper told), MANUAL (the gateway cannot: an admin returns it by other
-- means and records how and when).
CREATE TABLE order_refunds (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payment_id bigint NOT NULL REFERENCES payments (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  charge_amount_minor bigint NOT NULL CHECK (charge_amount_minor > 0),
  charge_currency_id smallint NOT NULL REFERENCES currencies (id),
  state text NOT NULL CHECK (state IN ('PENDENTE', 'FEITO', 'MANUAL')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  staff_id bigint REFERENCES staff (id),
  staff_email text NOT NULL,
  refund_method text,
  created_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX order_refunds_order_idx ON order_refunds (order_id);

CREATE TABLE order_refund_lines (
  refund_id bigint NOT NULL REFERENCES order_refunds (id) ON DELETE CASCADE,
  order_id bigint NOT NULL,
  position smallint NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  PRIMARY KEY (refund_id, position),
  FOREIGN KEY (order_id, position) REFERENCES order_items (order_id, position) ON DELETE CASCADE
);
CREATE INDEX order_refund_lines_item_idx ON order_refund_lines (order_id, position);

-- The sandbox gateway gives back parts of a payment, as Mercado Pago does.
ALTER TABLE sandbox_payments ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0;
