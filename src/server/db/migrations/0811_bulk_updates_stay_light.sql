-- ERP bulk updates (issue 20, decision 0810) change stock and prices of up to 5,000 products in
-- one statement. Three things made that cost ~1 ms a row:
-- 1. The typo dictionary's update trigger kept every updated row (transition table, ~2.7 kB a
--    row) and re-split all their names, whatever changed. It now runs only for rows whose names
--    or brand changed (inserts keep their statement trigger of 0100).
-- 2. Product pages were packed full, so no update could stay on its page (HOT): each one wrote
--    a new entry into every one of the ~28 indexes, GIN ones included. Room is kept on each page
--    from now on; stock and price are in no index but the in-stock flag's, so most such updates
--    no longer touch the indexes.
CREATE FUNCTION search_words_collect_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(catalog_normalize(NEW.name_pt || ' ' || NEW.name_es || ' ' || NEW.brand_name), ' ') AS w
  WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- A row trigger, so it can name its columns and a condition: an UPDATE that sets no name or
-- brand (stock, prices) does not fire it, and neither does one that sets them unchanged.
DROP TRIGGER products_words_update ON products;
CREATE TRIGGER products_words_update AFTER UPDATE OF name_pt, name_es, brand_name ON products
  FOR EACH ROW WHEN ((OLD.name_pt, OLD.name_es, OLD.brand_name) IS DISTINCT FROM (NEW.name_pt, NEW.name_es, NEW.brand_name))
  EXECUTE FUNCTION search_words_collect_row();

-- 2.
ALTER TABLE products SET (fillfactor = 80);

-- 3. The search vectors (0600) were generated columns, which PostgreSQL computes again on every
--    UPDATE, whatever changed: normalising and splitting two names, code and brand per row was
--    most of a stock update's time. They become plain columns kept by a trigger that computes
--    them on INSERT and only when a name, the code or the brand changes (same expressions).
ALTER TABLE products ALTER COLUMN search_pt DROP EXPRESSION;
ALTER TABLE products ALTER COLUMN search_es DROP EXPRESSION;

CREATE FUNCTION products_search_vectors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (NEW.name_pt, NEW.name_es, NEW.code, NEW.brand_name) IS DISTINCT FROM (OLD.name_pt, OLD.name_es, OLD.code, OLD.brand_name) THEN
    NEW.search_pt :=
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.name_pt)), 'A') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.code) || ' ' || regexp_replace(lower(NEW.code), '[^a-z0-9]', '', 'g')), 'A') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.brand_name)), 'B') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.name_es)), 'C');
    NEW.search_es :=
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.name_es)), 'A') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.code) || ' ' || regexp_replace(lower(NEW.code), '[^a-z0-9]', '', 'g')), 'A') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.brand_name)), 'B') ||
      setweight(to_tsvector('simple'::regconfig, catalog_normalize(NEW.name_pt)), 'C');
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER products_search_vectors BEFORE INSERT OR UPDATE OF name_pt, name_es, code, brand_name ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vectors();
