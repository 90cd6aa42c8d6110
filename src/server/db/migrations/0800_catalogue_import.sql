-- Catalogue import (issue 20.1): the picture file names a product's import row named, kept
-- until the picture pipeline links the files to the product (images stays what is served).
ALTER TABLE products ADD COLUMN image_files text[] NOT NULL DEFAULT '{}';

-- One upload of the panel's import page: the file (kept until it is written or a day old), the
-- dry run's and the real run's summary, and progress the page polls while it runs.
CREATE TABLE catalogue_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id integer NOT NULL REFERENCES staff (id),
  file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'json')),
  file bytea,
  status text NOT NULL CHECK (status IN ('checking', 'checked', 'writing', 'written', 'failed')),
  done_rows integer NOT NULL DEFAULT 0,
  summary jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_imports_created_idx ON catalogue_imports (created_at);
