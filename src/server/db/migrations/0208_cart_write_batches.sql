-- Several cart changes in one round trip (decision 0208). Each element of p_changes is one change
-- as cart_replace_lines_if_current takes it (the fields of cart_change, arrays as JSON arrays); the
-- changes are made in the given order and each answers as that function does (200 with the cart,
-- 403, 404, or 409 when a product moved). The answers come back as a JSON array, in order.
-- One transaction for the batch: when any change raises, nothing of the batch is kept and the
-- shop makes its changes one by one. The shop sends a batch in external-id order, so two batches
-- that share carts lock them in the same order.
CREATE TYPE cart_change AS (
  external_id text, cart_id bigint, customer_id bigint, currency_id smallint,
  product_ids integer[], warehouse_ids smallint[], quantities integer[], prices bigint[], active boolean[],
  seen_ids integer[], seen_stock integer[], seen_prices bigint[], seen_currencies smallint[]
);

CREATE FUNCTION cart_replace_lines_batch(p_changes json) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c cart_change;
  answers json[] := '{}';
BEGIN
  FOR c IN SELECT r.* FROM json_array_elements(p_changes) WITH ORDINALITY AS e(change, n),
                LATERAL json_populate_record(NULL::cart_change, e.change) AS r
            ORDER BY e.n LOOP
    answers := answers || cart_replace_lines_if_current(
      c.external_id, c.cart_id, c.customer_id, c.currency_id,
      c.product_ids, c.warehouse_ids, c.quantities, c.prices, c.active,
      c.seen_ids, c.seen_stock, c.seen_prices, c.seen_currencies);
  END LOOP;
  RETURN to_json(answers);
END $$;
