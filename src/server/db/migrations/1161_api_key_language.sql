-- Issue 34 point 9: an API key answers in a language chosen when it is created (the creator's by
-- default), whatever host the ERP calls.
ALTER TABLE api_keys ADD COLUMN locale text NOT NULL DEFAULT 'es-PY' CHECK (locale IN ('es-PY', 'pt-BR'));
UPDATE api_keys k SET locale = s.locale FROM staff s WHERE s.id = k.created_by;
