-- Catalogue search and listing (issue 2, point 6): full text on the name in each language plus
-- code and brand, accent- and case-insensitive; a word dictionary with trigram KNN for
-- one-typo tolerance; indexes for "in stock first, then id / price / name" listings.

-- Lower-case, unaccented, punctuation turned into spaces: the one normalisation of search text.
CREATE OR REPLACE FUNCTION catalog_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT trim(regexp_replace(lower(public.immutable_unaccent($1)), '[^a-z0-9]+', ' ', 'g')) $$;

-- The brand name is copied onto the product so the search vector can be a generated column.
ALTER TABLE products ADD COLUMN brand_name text NOT NULL DEFAULT '';

CREATE OR REPLACE FUNCTION products_copy_brand_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.brand_name := coalesce((SELECT name FROM brands WHERE id = NEW.brand_id), '');
  RETURN NEW;
END $$;
CREATE TRIGGER products_brand_name BEFORE INSERT OR UPDATE OF brand_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_copy_brand_name();

CREATE OR REPLACE FUNCTION brands_propagate_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET brand_name = NEW.name WHERE brand_id = NEW.id AND brand_name IS DISTINCT FROM NEW.name;
  RETURN NULL;
END $$;
CREATE TRIGGER brands_name_change AFTER UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION brands_propagate_name();

UPDATE products p SET brand_name = b.name FROM brands b WHERE b.id = p.brand_id;

-- Name (weight A), code as written, split and compacted (A), brand (B).
ALTER TABLE products ADD COLUMN search_pt tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_pt)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(code) || ' ' || regexp_replace(lower(code), '[^a-z0-9]', '', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(brand_name)), 'B')
) STORED;
ALTER TABLE products ADD COLUMN search_es tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(name_es)), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(code) || ' ' || regexp_replace(lower(code), '[^a-z0-9]', '', 'g')), 'A') ||
  setweight(to_tsvector('simple'::regconfig, catalog_normalize(brand_name)), 'B')
) STORED;
CREATE INDEX products_search_pt_idx ON products USING gin (search_pt);
CREATE INDEX products_search_es_idx ON products USING gin (search_es);
CREATE INDEX products_code_lower_idx ON products (lower(code));

-- Every word of names and brands (3+ letters), for "did you mean" correction of a typo.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
CREATE INDEX search_words_prefix_idx ON search_words (word text_pattern_ops);

CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows r,
    LATERAL regexp_split_to_table(catalog_normalize(r.name_pt || ' ' || r.name_es || ' ' || r.brand_name), ' ') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER products_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
CREATE TRIGGER products_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();

INSERT INTO search_words (word)
SELECT DISTINCT w FROM products r,
  LATERAL regexp_split_to_table(catalog_normalize(r.name_pt || ' ' || r.name_es || ' ' || r.brand_name), ' ') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;

-- Listings: in stock first, then the chosen field; per filter.
CREATE INDEX products_list_id_idx ON products ((stock > 0), id);
CREATE INDEX products_list_price_idx ON products ((stock > 0), price_minor, id);
CREATE INDEX products_list_name_pt_idx ON products ((stock > 0), catalog_normalize(name_pt), id);
CREATE INDEX products_list_name_es_idx ON products ((stock > 0), catalog_normalize(name_es), id);
CREATE INDEX products_category_list_idx ON products (category_id, (stock > 0), id);
CREATE INDEX products_department_list_idx ON products (department_id, (stock > 0), id);
CREATE INDEX products_brand_list_idx ON products (brand_id, (stock > 0), id);
CREATE INDEX products_category_brand_idx ON products (category_id, brand_id, (stock > 0), id);
