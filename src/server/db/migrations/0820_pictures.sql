-- Pictures uploaded in the panel or given to the import (issue 20.2): checked by content, made
-- once into several widths as WebP. A picture is known by the SHA-256 of its original bytes, so
-- the same file uploaded twice is stored once and its addresses never change (immutable caching).
-- The bytes themselves live in stored_files (the shared FileStore), named by a UUID.
CREATE TABLE pictures (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{20}$'),
  mime text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  original_name text NOT NULL DEFAULT '',
  original_file text NOT NULL REFERENCES stored_files (name),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE picture_variants (
  hash text NOT NULL REFERENCES pictures (hash) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  file_name text NOT NULL REFERENCES stored_files (name),
  byte_size integer NOT NULL,
  PRIMARY KEY (hash, width)
);
