-- Pictures in bulk (issue 33.5): the pictures of one upload (a ZIP or several files, from the
-- import page or the product pictures page), kept here from the upload until the job queue has
-- made and attached each one (bytes dropped then), with each file's outcome for the panel.
CREATE TABLE picture_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id integer NOT NULL REFERENCES staff (id),
  -- An import's pictures wait for its rows to be written and match the `imagens` names; without
  -- one, the files were matched to products by the code in their name at upload.
  import_id uuid UNIQUE REFERENCES catalogue_imports (id) ON DELETE CASCADE,
  queued boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX picture_batches_created_idx ON picture_batches (created_at);

CREATE TABLE picture_batch_files (
  batch_id uuid NOT NULL REFERENCES picture_batches (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  bytes bytea,
  status text NOT NULL CHECK (status IN ('waiting', 'stored', 'refused', 'unmatched')),
  -- a key of the panel's media catalogue when refused
  reason text,
  product_ids integer[],
  -- the place of the file among its products' `imagens` (an import's pictures are attached in that order)
  rank integer NOT NULL DEFAULT 0,
  url text,
  PRIMARY KEY (batch_id, position)
);
ALTER TABLE picture_batch_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
