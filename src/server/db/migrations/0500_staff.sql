-- The store's people (issue 17): accounts apart from customers, their sessions and one-time
-- set-password links, and the audit log every staff write adds a row to.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'counter')),
  password_hash text,
  locale text NOT NULL DEFAULT 'es-PY' CHECK (locale IN ('es-PY', 'pt-BR')),
  -- TOTP secret, AES-256-GCM encrypted (src/server/staff/totp.ts); enrolled once confirmed.
  totp_secret_enc text,
  totp_enrolled_at timestamptz,
  -- Last accepted RFC 6238 time step: a code is never accepted twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_idx ON staff (lower(email));

CREATE TABLE staff_tokens (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_tokens_staff_idx ON staff_tokens (staff_id);

-- stage: 'totp' (password right, code still due), 'enrol' (admin without a second factor yet),
-- 'full'. Only 'full' opens the panel. Idle timeout: last_seen_at older than 8 h ends it.
CREATE TABLE staff_sessions (
  token_hash bytea PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('totp', 'enrol', 'full')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- staff_id NULL: written from the command line (npm run staff).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff (id),
  actor text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_id, at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
