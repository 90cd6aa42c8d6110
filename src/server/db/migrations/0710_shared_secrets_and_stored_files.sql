-- Several shop processes on one database (issue 22.9): the secrets every process must share
-- (document key, delivery-token key, webhook key) when none is set in the environment, and
-- the encrypted identity-document files, readable by every process whatever its DATA_DIR.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (length(value) >= 16),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stored_files (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f-]{36}\.bin$'),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
