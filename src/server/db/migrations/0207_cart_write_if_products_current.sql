-- A whole-cart change in one round trip when the server already holds the products it names
-- (decision 0207): the service checks stock caps and prices against its recent copy of those
-- products, and this function writes only if the copy is still what the catalogue says (stock,
-- price and currency of every product, read in the same transaction just before the write).
-- Otherwise it answers 409 and writes nothing: the service reads the products again and makes
-- the change as before (cart_read_for_change, then cart_replace_lines). Stock was never reserved
-- by a cart line; this keeps the check at least as fresh as the separate read did.
CREATE FUNCTION cart_replace_lines_if_current(
  p_external_id text, p_cart_id bigint, p_customer_id bigint, p_currency_id smallint,
  p_product_ids integer[], p_warehouse_ids smallint[], p_quantities integer[], p_prices bigint[], p_active boolean[],
  p_seen_ids integer[], p_seen_stock integer[], p_seen_prices bigint[], p_seen_currencies smallint[]
) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF EXISTS (SELECT 1
               FROM unnest(p_seen_ids, p_seen_stock, p_seen_prices, p_seen_currencies) AS s(id, stock, price_minor, currency_id)
               LEFT JOIN products p ON p.id = s.id
              WHERE p.id IS NULL
                 OR (p.stock, p.price_minor, p.currency_id) IS DISTINCT FROM (s.stock, s.price_minor, s.currency_id)) THEN
    RETURN json_build_object('status', 409);
  END IF;
  RETURN cart_replace_lines(p_external_id, p_cart_id, p_customer_id, p_currency_id,
                            p_product_ids, p_warehouse_ids, p_quantities, p_prices, p_active);
END $$;
