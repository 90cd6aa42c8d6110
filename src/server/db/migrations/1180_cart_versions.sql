-- Carts with a version (issue 35 point 2): every change of a cart's lines counts it up, and a
-- change that names the version it was made from is refused when the cart has moved on since (a
-- stale tab never overwrites lines it has not seen). A change without a version (API clients of
-- the contract) applies per line: the lines it names are set, a line it sends with qtde 0 or less
-- is deleted, every other line stays.
-- Expand only (decision 0950): the previous release's functions stay as they were; these are new
-- names, and a cart the previous release changes keeps its version (a rolling upgrade may miss one
-- stale check during its minutes, never lose a line it did not name).
ALTER TABLE carts ADD COLUMN version integer NOT NULL DEFAULT 1;

-- cart_replace_lines (0205) with the version: one UPDATE takes the row lock, checks the caller
-- (cart id, owner, version) and counts the version up; only a refusal reads the row again, to say
-- which one (404, 403, or 412 with the current version: stale).
CREATE FUNCTION cart_write_lines(
  p_external_id text, p_cart_id bigint, p_customer_id bigint, p_currency_id smallint,
  p_product_ids integer[], p_warehouse_ids smallint[], p_quantities integer[], p_prices bigint[], p_active boolean[],
  p_version integer, p_removed_ids integer[]
) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c carts%ROWTYPE;
BEGIN
  SET LOCAL synchronous_commit = off;
  UPDATE carts SET customer_id = COALESCE(customer_id, p_customer_id), currency_id = p_currency_id,
                   version = version + 1, updated_at = now()
   WHERE external_id = p_external_id
     AND (p_cart_id IS NULL OR id = p_cart_id)
     AND (customer_id IS NULL OR customer_id = p_customer_id)
     AND (p_version IS NULL OR version = p_version)
  RETURNING * INTO c;
  IF NOT FOUND THEN
    SELECT * INTO c FROM carts WHERE external_id = p_external_id;
    IF NOT FOUND OR (p_cart_id IS NOT NULL AND c.id <> p_cart_id) THEN
      RETURN json_build_object('status', 404);
    END IF;
    IF c.customer_id IS NOT NULL AND c.customer_id IS DISTINCT FROM p_customer_id THEN
      RETURN json_build_object('status', 403);
    END IF;
    RETURN json_build_object('status', 412, 'version', c.version);
  END IF;
  IF p_version IS NOT NULL THEN
    DELETE FROM cart_items i
     WHERE i.cart_id = c.id
       AND NOT EXISTS (SELECT 1 FROM unnest(p_product_ids, p_warehouse_ids) AS w(product_id, warehouse_id)
                        WHERE w.product_id = i.product_id AND w.warehouse_id = i.warehouse_id);
  ELSIF cardinality(p_removed_ids) > 0 THEN
    DELETE FROM cart_items i WHERE i.cart_id = c.id AND i.product_id = ANY(p_removed_ids);
  END IF;
  INSERT INTO cart_items (cart_id, product_id, warehouse_id, quantity, unit_price_minor, active)
  SELECT c.id, w.product_id, w.warehouse_id, w.quantity, w.unit_price_minor, w.active
    FROM unnest(p_product_ids, p_warehouse_ids, p_quantities, p_prices, p_active)
      AS w(product_id, warehouse_id, quantity, unit_price_minor, active)
  ON CONFLICT (cart_id, product_id, warehouse_id)
  DO UPDATE SET quantity = EXCLUDED.quantity, unit_price_minor = EXCLUDED.unit_price_minor, active = EXCLUDED.active
   WHERE (cart_items.quantity, cart_items.unit_price_minor, cart_items.active)
         IS DISTINCT FROM (EXCLUDED.quantity, EXCLUDED.unit_price_minor, EXCLUDED.active);
  RETURN json_build_object(
    'status', 200,
    'cart', json_build_object('id', c.id, 'external_id', c.external_id, 'customer_id', c.customer_id, 'branch_id', c.branch_id,
                              'currency_id', c.currency_id, 'customer_address_id', c.customer_address_id, 'version', c.version),
    'lines', COALESCE((SELECT json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'warehouse_id', i.warehouse_id,
                                                         'quantity', i.quantity, 'unit_price_minor', i.unit_price_minor,
                                                         'active', i.active, 'token', i.token) ORDER BY i.id)
                         FROM cart_items i WHERE i.cart_id = c.id), '[]'::json));
END $$;

-- cart_replace_lines_if_current (0207) for cart_write_lines.
CREATE FUNCTION cart_write_lines_if_current(
  p_external_id text, p_cart_id bigint, p_customer_id bigint, p_currency_id smallint,
  p_product_ids integer[], p_warehouse_ids smallint[], p_quantities integer[], p_prices bigint[], p_active boolean[],
  p_version integer, p_removed_ids integer[],
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
  RETURN cart_write_lines(p_external_id, p_cart_id, p_customer_id, p_currency_id,
                          p_product_ids, p_warehouse_ids, p_quantities, p_prices, p_active, p_version, p_removed_ids);
END $$;

-- cart_replace_lines_batch (0208) for cart_write_lines_if_current.
CREATE TYPE cart_write AS (
  external_id text, cart_id bigint, customer_id bigint, currency_id smallint,
  product_ids integer[], warehouse_ids smallint[], quantities integer[], prices bigint[], active boolean[],
  version integer, removed_ids integer[],
  seen_ids integer[], seen_stock integer[], seen_prices bigint[], seen_currencies smallint[]
);

CREATE FUNCTION cart_write_lines_batch(p_changes json) RETURNS json LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c cart_write;
  answers json[] := '{}';
BEGIN
  FOR c IN SELECT r.* FROM json_array_elements(p_changes) WITH ORDINALITY AS e(change, n),
                LATERAL json_populate_record(NULL::cart_write, e.change) AS r
            ORDER BY e.n LOOP
    answers := answers || cart_write_lines_if_current(
      c.external_id, c.cart_id, c.customer_id, c.currency_id,
      c.product_ids, c.warehouse_ids, c.quantities, c.prices, c.active, c.version, c.removed_ids,
      c.seen_ids, c.seen_stock, c.seen_prices, c.seen_currencies);
  END LOOP;
  RETURN to_json(answers);
END $$;
