-- What a product card shows changed (issue 21, the home's two product rows): a version bumped by
-- every statement that changes a product row (price, stock, names, pictures, active ...) or the
-- brand, category or department names a card shows. catalog_state (0101) does not move on price
-- or stock. The home remembers its rows at this version and its one statement reads it back, so a
-- plain SQL write shows on the very next request, with or without a change notice. A statement
-- that changed no row (a checkout's refused stock take) does not bump it.
CREATE TABLE product_rows_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO product_rows_state DEFAULT VALUES;

CREATE FUNCTION product_rows_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE product_rows_state SET version = version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION product_rows_bump_always() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_rows_state SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER products_rows_version_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_version();
CREATE TRIGGER products_rows_version_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_version();
CREATE TRIGGER products_rows_version_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_version();
CREATE TRIGGER products_rows_version_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
-- Brand, category and department names and slugs are on every card; these tables change rarely.
CREATE TRIGGER brands_rows_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
CREATE TRIGGER categories_rows_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
CREATE TRIGGER departments_rows_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
-- Also under session_replication_role = replica (a replica applying changes, a silent bulk fix):
-- a change nobody announced must still reach the next home.
ALTER TABLE products ENABLE ALWAYS TRIGGER products_rows_version_insert, ENABLE ALWAYS TRIGGER products_rows_version_update,
  ENABLE ALWAYS TRIGGER products_rows_version_delete, ENABLE ALWAYS TRIGGER products_rows_version_truncate;
ALTER TABLE brands ENABLE ALWAYS TRIGGER brands_rows_version;
ALTER TABLE categories ENABLE ALWAYS TRIGGER categories_rows_version;
ALTER TABLE departments ENABLE ALWAYS TRIGGER departments_rows_version;
