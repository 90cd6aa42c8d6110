-- Plain SQL edits of what catalogue pages show tell the shop's processes by themselves
-- (issue 21): one NOTIFY on `catalogue_changed` per statement, its payload the tags of what
-- changed (src/server/catalogue-changes/index.ts), `all` when the list would not fit in a
-- NOTIFY payload (under 8000 bytes). Statement-level triggers with transition tables: a bulk
-- UPDATE of 10,000 rows costs one NOTIFY, not 10,000. NOTIFY is sent at commit, and not at all
-- on rollback; identical payloads in one transaction are sent once.

CREATE FUNCTION catalogue_notify_tags(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := array_to_string(tags, ' ');
BEGIN
  IF payload IS NULL OR payload = '' THEN RETURN; END IF;
  IF octet_length(payload) > 7900 THEN payload := 'all'; END IF;
  PERFORM pg_notify('catalogue_changed', payload);
END $$;

-- Products: the ids whose row changed (a no-op UPDATE tells nothing). Checkout's stock changes
-- are UPDATEs of products.stock, so pages showing stock hear of every sale at once.
CREATE FUNCTION catalogue_notify_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'product:' || id FROM new_rows ORDER BY id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'product:' || id FROM old_rows ORDER BY id));
  ELSE
    PERFORM catalogue_notify_tags(ARRAY(
      SELECT 'product:' || n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n IS DISTINCT FROM o ORDER BY n.id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER products_notify_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_products();
CREATE TRIGGER products_notify_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_products();
CREATE TRIGGER products_notify_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_products();

CREATE FUNCTION catalogue_notify_specifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalogue_notify_tags(ARRAY(SELECT DISTINCT 'product:' || product_id FROM old_rows));
  ELSE
    PERFORM catalogue_notify_tags(ARRAY(SELECT DISTINCT 'product:' || product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER product_specifications_notify_insert AFTER INSERT ON product_specifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_specifications();
CREATE TRIGGER product_specifications_notify_update AFTER UPDATE ON product_specifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_specifications();
CREATE TRIGGER product_specifications_notify_delete AFTER DELETE ON product_specifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_specifications();

CREATE FUNCTION catalogue_notify_brands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'brand:' || id FROM old_rows));
  ELSE
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'brand:' || id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER brands_notify_insert AFTER INSERT ON brands
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_brands();
CREATE TRIGGER brands_notify_update AFTER UPDATE ON brands
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_brands();
CREATE TRIGGER brands_notify_delete AFTER DELETE ON brands
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_brands();

-- Tables whose change is named by one word: categories and departments are in every page's
-- menu (`all`), banners, exchange rates and sellers by their own tag.
CREATE FUNCTION catalogue_notify_word() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_tags(ARRAY[TG_ARGV[0]]);
  RETURN NULL;
END $$;
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('all');
CREATE TRIGGER departments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('all');
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('banners');
CREATE TRIGGER exchange_rates_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('rates');
CREATE TRIGGER sellers_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('sellers');
CREATE TRIGGER products_notify_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('all');
CREATE TRIGGER brands_notify_truncate AFTER TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_word('all');
