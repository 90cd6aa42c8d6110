-- What a product card shows changed (issue 21, the home's two product rows): a version bumped by
-- every transaction that changes a product row (price, stock, names, pictures, active ...) or the
-- brand, category or department names a card shows. catalog_state (0101) does not move on price
-- or stock. The home remembers its rows at this version and its one statement reads it back, so a
-- plain SQL write shows on the very next request, with or without a change notice. A transaction
-- that changed no row (a checkout's refused stock take) does not bump it.
CREATE TABLE product_rows_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO product_rows_state DEFAULT VALUES;

-- Bumped at COMMIT, once per transaction: deferred constraint triggers fire when the transaction
-- commits, after all its statements, so the version row's lock is taken last and held only for the
-- commit. Bumped per statement, it was taken at a transaction's first product write and held to
-- commit: an ERP bulk update or an import (several statements) then waited for a row a checkout
-- had locked while the checkout's trigger waited for the version, a deadlock PostgreSQL broke by
-- aborting one; and every checkout waited for the others from its stock take to its commit. The
-- version and the rows still become visible together (same transaction). The flag is
-- transaction-local (set_config(..., true)): the first deferred event bumps, the others return.
-- (A REPEATABLE READ writer would get a serialization error at COMMIT if another bumped meanwhile;
-- the shop's writers are all READ COMMITTED.)
CREATE FUNCTION product_rows_bump_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('fronteira.product_rows_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('fronteira.product_rows_bumped', 'on', true);
    UPDATE product_rows_state SET version = version + 1;
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE has no row triggers (so no constraint trigger): it bumps at once, per statement. It
-- takes an ACCESS EXCLUSIVE lock on the table anyway, so no checkout runs beside it.
CREATE FUNCTION product_rows_bump_always() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_rows_state SET version = version + 1;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER products_rows_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_rows_bump_once();
CREATE TRIGGER products_rows_version_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
-- Brand, category and department names and slugs are on every card. These tables change rarely,
-- but the catalogue import and the panel write them in the same transaction as products: deferred
-- the same way, so no such transaction holds the version while it waits for a product row.
CREATE CONSTRAINT TRIGGER brands_rows_version AFTER INSERT OR UPDATE OR DELETE ON brands
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_rows_bump_once();
CREATE CONSTRAINT TRIGGER categories_rows_version AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_rows_bump_once();
CREATE CONSTRAINT TRIGGER departments_rows_version AFTER INSERT OR UPDATE OR DELETE ON departments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION product_rows_bump_once();
CREATE TRIGGER brands_rows_version_truncate AFTER TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
CREATE TRIGGER categories_rows_version_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
CREATE TRIGGER departments_rows_version_truncate AFTER TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION product_rows_bump_always();
-- Also under session_replication_role = replica (a replica applying changes, a silent bulk fix):
-- a change nobody announced must still reach the next home. For a deferred trigger this is
-- checked when the row changes, not at commit (ALTER TABLE, ENABLE ALWAYS TRIGGER).
ALTER TABLE products ENABLE ALWAYS TRIGGER products_rows_version, ENABLE ALWAYS TRIGGER products_rows_version_truncate;
ALTER TABLE brands ENABLE ALWAYS TRIGGER brands_rows_version, ENABLE ALWAYS TRIGGER brands_rows_version_truncate;
ALTER TABLE categories ENABLE ALWAYS TRIGGER categories_rows_version,
  ENABLE ALWAYS TRIGGER categories_rows_version_truncate;
ALTER TABLE departments ENABLE ALWAYS TRIGGER departments_rows_version,
  ENABLE ALWAYS TRIGGER departments_rows_version_truncate;
