-- An UPDATE of products names every updated row, without comparing old and new rows (0840 joined
-- the two transition tables). PL/pgSQL keeps the plan of that join per connection: planned for
-- the one-row updates of a checkout, it stayed a nested loop, and a 5,000-row ERP update then
-- compared 25 million row pairs (over 30 s). Writers skip rows that would not change anyway
-- (the ERP's `WHERE p.stock <> t.stock`, the import's unchanged rows), so the list is the same.
CREATE OR REPLACE FUNCTION catalogue_notify_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'product:' || id FROM old_rows ORDER BY id));
  ELSE
    PERFORM catalogue_notify_tags(ARRAY(SELECT 'product:' || id FROM new_rows ORDER BY id));
  END IF;
  RETURN NULL;
END $$;
