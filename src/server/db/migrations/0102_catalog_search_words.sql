-- The typo dictionary keeps only words without digits: model numbers ("hp1640") made it one
-- word per product, and terms with digits are never corrected anyway (0100).
CREATE OR REPLACE FUNCTION search_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_rows r,
    LATERAL regexp_split_to_table(catalog_normalize(r.name_pt || ' ' || r.name_es || ' ' || r.brand_name), ' ') AS w
  WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

DELETE FROM search_words WHERE word ~ '[0-9]';

-- Totals filtered by category and sorted by price: read in index order, brands filtered on the way.
CREATE INDEX products_category_price_idx ON products (category_id, in_stock, price_minor, id);
