-- A whole-cart change (decision 0200) in one round trip instead of seven: lock the cart row,
-- check again who may change it, set owner and currency, make the lines exactly the given ones
-- and return the cart as stored. Stock caps and prices are checked and computed by the service
-- before the call; this only writes. Each statement of a plpgsql function sees what was
-- committed before it started, so the lines a concurrent change wrote while this one waited for
-- the lock are seen and replaced: changes of one cart queue on its row, last writer wins.
-- The change commits without waiting for the WAL flush (synchronous_commit off, this
-- transaction only): a crash of the machine may lose the last fraction of a second of cart
-- edits, never leave a half-written cart; the flush was half of this call's database CPU.
CREATE FUNCTION cart_replace_lines(
  p_external_id text, p_cart_id bigint, p_customer_id bigint, p_currency_id smallint,
  p_product_ids integer[], p_warehouse_ids smallint[], p_quantities integer[], p_prices bigint[], p_active boolean[]
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  c carts%ROWTYPE;
BEGIN
  SET LOCAL synchronous_commit = off;
  SELECT * INTO c FROM carts WHERE external_id = p_external_id FOR UPDATE;
  IF NOT FOUND OR (p_cart_id IS NOT NULL AND c.id <> p_cart_id) THEN
    RETURN json_build_object('status', 404);
  END IF;
  IF c.customer_id IS NOT NULL AND c.customer_id IS DISTINCT FROM p_customer_id THEN
    RETURN json_build_object('status', 403);
  END IF;
  IF (c.customer_id IS NULL AND p_customer_id IS NOT NULL) OR c.currency_id <> p_currency_id THEN
    UPDATE carts SET customer_id = COALESCE(customer_id, p_customer_id), currency_id = p_currency_id, updated_at = now()
     WHERE id = c.id RETURNING * INTO c;
  END IF;
  DELETE FROM cart_items i
   WHERE i.cart_id = c.id
     AND NOT EXISTS (SELECT 1 FROM unnest(p_product_ids, p_warehouse_ids) AS w(product_id, warehouse_id)
                      WHERE w.product_id = i.product_id AND w.warehouse_id = i.warehouse_id);
  INSERT INTO cart_items (cart_id, product_id, warehouse_id, quantity, unit_price_minor, active)
  SELECT c.id, w.product_id, w.warehouse_id, w.quantity, w.unit_price_minor, w.active
    FROM unnest(p_product_ids, p_warehouse_ids, p_quantities, p_prices, p_active)
      AS w(product_id, warehouse_id, quantity, unit_price_minor, active)
  ON CONFLICT (cart_id, product_id, warehouse_id)
  DO UPDATE SET quantity = EXCLUDED.quantity, unit_price_minor = EXCLUDED.unit_price_minor, active = EXCLUDED.active
  -- A whole-cart PUT usually changes one line: the others are left as they are (no dead rows).
   WHERE (cart_items.quantity, cart_items.unit_price_minor, cart_items.active)
         IS DISTINCT FROM (EXCLUDED.quantity, EXCLUDED.unit_price_minor, EXCLUDED.active);
  RETURN json_build_object(
    'status', 200,
    'cart', json_build_object('id', c.id, 'external_id', c.external_id, 'customer_id', c.customer_id, 'branch_id', c.branch_id,
                              'currency_id', c.currency_id, 'customer_address_id', c.customer_address_id),
    'lines', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'warehouse_id', i.warehouse_id,
                                                         'quantity', i.quantity, 'unit_price_minor', i.unit_price_minor,
                                                         'active', i.active, 'token', i.token) ORDER BY i.id)
                         FROM cart_items i WHERE i.cart_id = c.id), '[]'::json));
END $$;
