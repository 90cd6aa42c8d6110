-- Carts and favourites (storefront spec section 3). A cart belongs to whoever holds its
-- unguessable external id; once a customer's token is sent it is bound to that customer.
CREATE TABLE carts (
  id bigserial PRIMARY KEY,
  external_id text NOT NULL UNIQUE CHECK (length(external_id) BETWEEN 22 AND 128),
  customer_id bigint REFERENCES customers (id) ON DELETE CASCADE,
  branch_id smallint NOT NULL DEFAULT 1,        -- filial_id
  currency_id smallint NOT NULL REFERENCES currencies (id),
  customer_address_id bigint REFERENCES customer_addresses (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_customer_idx ON carts (customer_id);

CREATE TABLE cart_items (
  id bigserial PRIMARY KEY,
  cart_id bigint NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id),
  warehouse_id smallint NOT NULL DEFAULT 1,     -- armazem_id
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0), -- in the cart's currency, set by the server
  active boolean NOT NULL DEFAULT true,         -- false: removed, kept as an inactive line
  token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, product_id, warehouse_id)
);

CREATE TABLE favourites (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, product_id)
);
