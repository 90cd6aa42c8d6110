-- Accounts: single-use tokens (password reset, e-mail confirmation), identity documents,
-- abuse counters. Tokens and files never appear in clear: only hashes and encrypted bytes.
CREATE TABLE account_tokens (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'confirm')),
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_customer_idx ON account_tokens (customer_id, purpose);

-- One row per uploaded identity-document file; the bytes live encrypted under DATA_DIR.
CREATE TABLE customer_documents (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  side text NOT NULL CHECK (side IN ('frente', 'verso')),
  storage_name text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz
);
CREATE INDEX customer_documents_customer_idx ON customer_documents (customer_id) WHERE replaced_at IS NULL;

-- Fixed-window counters for login, registration, recovery and resend limits.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL,
  expires_at timestamptz NOT NULL
);

ALTER TABLE customers ADD COLUMN country_id smallint NOT NULL DEFAULT 1;
