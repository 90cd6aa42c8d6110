-- Issue 33 point 7: one-time recovery codes an admin gets at TOTP enrolment, for the day the
-- phone is lost. Only a SHA-256 of each code is kept (the codes carry 80 random bits: a fast
-- hash is enough, as for API keys); a used code keeps its row with used_at set.
CREATE TABLE staff_recovery_codes (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL UNIQUE,
  used_at timestamptz
);
CREATE INDEX staff_recovery_codes_staff_idx ON staff_recovery_codes (staff_id);
