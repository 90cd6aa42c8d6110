-- Issue 34 point 10: a key belongs to the store through a live staff member. Disabling its creator
-- revokes it or hands it to another admin explicitly; a key whose holder (the admin it was handed
-- to, else its creator) is disabled is refused.
ALTER TABLE api_keys ADD COLUMN handed_to bigint REFERENCES staff (id), ADD COLUMN handed_at timestamptz;
