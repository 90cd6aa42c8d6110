-- Issue 33 point 1: the ERP API sets exchange rates too, with a scope of its own ('rates').
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check
  CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['stock', 'prices', 'catalogue', 'orders:read', 'rates']);
