-- Listings at 100,000 products: "in stock" as a stored column, so "in stock first, then the
-- field" orders come straight from an index (index-only for id and price), in both directions.
-- Replaces the expression indexes of 0100.
ALTER TABLE products ADD COLUMN in_stock boolean GENERATED ALWAYS AS (stock > 0) STORED;

DROP INDEX products_list_id_idx, products_list_price_idx, products_list_name_pt_idx, products_list_name_es_idx,
  products_category_list_idx, products_department_list_idx, products_brand_list_idx, products_category_brand_idx;

-- (in_stock, x) read backwards gives "in stock first, x descending"; (in_stock DESC, x) gives x ascending.
CREATE INDEX products_stock_id_idx ON products (in_stock, id);
CREATE INDEX products_stock_id_asc_idx ON products (in_stock DESC, id);
CREATE INDEX products_stock_price_idx ON products (in_stock, price_minor, id);
CREATE INDEX products_stock_price_asc_idx ON products (in_stock DESC, price_minor, id);
CREATE INDEX products_stock_name_pt_idx ON products (in_stock, catalog_normalize(name_pt), id);
CREATE INDEX products_stock_name_pt_asc_idx ON products (in_stock DESC, catalog_normalize(name_pt), id);
CREATE INDEX products_stock_name_es_idx ON products (in_stock, catalog_normalize(name_es), id);
CREATE INDEX products_stock_name_es_asc_idx ON products (in_stock DESC, catalog_normalize(name_es), id);

CREATE INDEX products_category_stock_idx ON products (category_id, in_stock, id);
CREATE INDEX products_department_stock_idx ON products (department_id, in_stock, id);
CREATE INDEX products_brand_stock_idx ON products (brand_id, in_stock, id);
CREATE INDEX products_category_brand_stock_idx ON products (category_id, brand_id, in_stock, id);

-- A catalogue version, bumped by any change that can alter which products a listing filter or
-- a search matches (not by stock changes): totals are cached per version.
CREATE TABLE catalog_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO catalog_state DEFAULT VALUES;

CREATE OR REPLACE FUNCTION catalog_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER products_catalog_version
  AFTER INSERT OR DELETE OR UPDATE OF category_id, department_id, brand_id, name_pt, name_es, code, brand_name ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_version();
CREATE TRIGGER products_catalog_version_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_version();
