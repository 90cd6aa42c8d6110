-- Customers and their sessions. Registration, addresses and documents (accounts issue) extend
-- these tables; carts, favourites and orders point at customers(id).
CREATE TABLE customers (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  foreign_buyer smallint NOT NULL CHECK (foreign_buyer IN (0, 1)), -- estrangeiro: 1 Brazilian, 0 Paraguayan
  document_type text NOT NULL DEFAULT '',
  document text NOT NULL DEFAULT '',
  identity text NOT NULL DEFAULT '',
  identity_complement text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  email_verified_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_email_idx ON customers (lower(email));

-- The session token itself never reaches the database: only its SHA-256.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_customer_idx ON sessions (customer_id);

CREATE TABLE customer_addresses (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  postal_code text NOT NULL DEFAULT '',
  street text NOT NULL,
  number text NOT NULL,
  district text NOT NULL,
  city_name text NOT NULL DEFAULT '',
  state_name text NOT NULL DEFAULT '',
  country_name text NOT NULL DEFAULT '',
  complement text NOT NULL DEFAULT '',
  directions text NOT NULL DEFAULT '',
  city_id integer,
  state_id integer,
  country_id smallint NOT NULL CHECK (country_id IN (1, 2)),
  active boolean NOT NULL DEFAULT true,
  main boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id) WHERE active;
