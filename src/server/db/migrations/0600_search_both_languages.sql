-- Search finds a product by its name in either language on both hosts, the host's language first
-- (DECISIONS.md; issue 19): each host's vector keeps its own name at weight A and gains the other
-- language's name at weight C, so ts_rank puts a match in the host's language before one found
-- only through the other name. ('taladro' finds drills on the br host, 'furadeira' on the es host.)
-- A generated column's expression is replaced by dropping and adding it (portable to every
-- PostgreSQL the shop supports); its GIN index goes with it and is built again.
ALTER TABLE products DROP COLUMN search_pt;
ALTER TABLE products DROP COLUMN search_es;

ALTER TABLE products ADD COLUMN search_pt tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_pt)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(code) || ' ' || regexp_replace(lower(code), '[^a-z0-9]', '', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(brand_name)), 'B') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_es)), 'C')
) STORED;
ALTER TABLE products ADD COLUMN search_es tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_es)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(code) || ' ' || regexp_replace(lower(code), '[^a-z0-9]', '', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(brand_name)), 'B') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_pt)), 'C')
) STORED;
CREATE INDEX products_search_pt_idx ON products USING gin (search_pt);
CREATE INDEX products_search_es_idx ON products USING gin (search_es);
