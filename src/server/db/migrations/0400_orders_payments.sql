-- Orders, payments, stock reservations and gateway webhooks (accounts-checkout-orders spec
-- sections 3-4, DECISIONS.md). Totals are frozen in the order's currency, in minor units.
CREATE SEQUENCE order_number_seq START WITH 10001;

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  external_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  number bigint NOT NULL UNIQUE DEFAULT nextval('order_number_seq'), -- "pedido"
  customer_id bigint NOT NULL REFERENCES customers (id),
  cart_id bigint REFERENCES carts (id) ON DELETE SET NULL,
  currency_id smallint NOT NULL REFERENCES currencies (id),
  items_total_minor bigint NOT NULL CHECK (items_total_minor >= 0),
  shipping_minor bigint NOT NULL CHECK (shipping_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  status text NOT NULL DEFAULT 'PAGAMENTO',
  delivery_type text NOT NULL CHECK (delivery_type IN ('delivery', 'pickup', 'pickup_point')),
  delivery_service_id integer,
  pickup_point_id integer,
  delivery_description text NOT NULL DEFAULT '',
  delivery_days integer,
  customer_address_id bigint REFERENCES customer_addresses (id),
  delivery_address jsonb,
  alternative_city text,
  payment_method text NOT NULL,
  installments smallint NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 10),
  pickup_code text UNIQUE,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);
CREATE INDEX orders_cart_idx ON orders (cart_id, created_at DESC);

CREATE TABLE order_items (
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  product_id integer NOT NULL REFERENCES products (id),
  product_code text NOT NULL,
  product_slug text NOT NULL,
  name_pt text NOT NULL,
  name_es text NOT NULL,
  image_url text,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0),
  subtotal_minor bigint NOT NULL CHECK (subtotal_minor >= 0),
  PRIMARY KEY (order_id, position)
);

-- One order has one payment today; the table allows retries through another provider later.
CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL,
  reference text NOT NULL UNIQUE,          -- our id, sent to the provider (unguessable)
  provider_payment_id text,                -- the provider's id, when it has one
  status text NOT NULL DEFAULT 'AGUARDANDO',
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency_id smallint NOT NULL REFERENCES currencies (id),
  method text NOT NULL,
  installments smallint NOT NULL DEFAULT 1,
  link text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX payments_order_idx ON payments (order_id);
CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status IN ('AGUARDANDO', 'RECUSADO');

-- Stock taken off products.stock when a checkout starts; given back when it expires unpaid.
CREATE TABLE stock_reservations (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  expires_at timestamptz NOT NULL,
  released_at timestamptz,
  consumed_at timestamptz,
  UNIQUE (order_id, product_id)
);
CREATE INDEX stock_reservations_open_idx ON stock_reservations (expires_at)
  WHERE released_at IS NULL AND consumed_at IS NULL;

-- Every accepted gateway notification, keyed by the provider's event id: a replay is a no-op.
CREATE TABLE webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  payment_reference text,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- The built-in sandbox gateway's own ledger: what the shopper decided on its hosted page.
CREATE TABLE sandbox_payments (
  reference text PRIMARY KEY,
  amount_minor bigint NOT NULL,
  currency_id smallint NOT NULL,
  method text NOT NULL,
  installments smallint NOT NULL DEFAULT 1,
  order_number bigint NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
