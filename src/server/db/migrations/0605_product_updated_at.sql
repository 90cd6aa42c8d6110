-- Sitemap lastmod (issue 19): when a product's page last changed in what a search engine sees
-- (names, texts, price, pictures, brand or category, whether it is in stock). Stock counts
-- moving by reservations alone do not touch it, so every sale does not rewrite the sitemap.
ALTER TABLE products ADD COLUMN updated_at timestamptz;
UPDATE products SET updated_at = created_at;
ALTER TABLE products ALTER COLUMN updated_at SET DEFAULT now(), ALTER COLUMN updated_at SET NOT NULL;

CREATE FUNCTION products_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.slug, OLD.name_pt, OLD.name_es, OLD.summary_pt, OLD.summary_es, OLD.description_pt, OLD.description_es,
      OLD.price_minor, OLD.currency_id, OLD.show_price, OLD.images, OLD.brand_id, OLD.category_id, OLD.department_id, OLD.stock > 0)
     IS DISTINCT FROM
     (NEW.slug, NEW.name_pt, NEW.name_es, NEW.summary_pt, NEW.summary_es, NEW.description_pt, NEW.description_es,
      NEW.price_minor, NEW.currency_id, NEW.show_price, NEW.images, NEW.brand_id, NEW.category_id, NEW.department_id, NEW.stock > 0)
  THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER products_touch_updated_at BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_touch_updated_at();
