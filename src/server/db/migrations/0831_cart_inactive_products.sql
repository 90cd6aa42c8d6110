-- A product an admin took off the shop (products.active, migration 0830) reads as out of stock
-- to the cart, so it cannot be added or raised; the statement is otherwise 0206's.
CREATE OR REPLACE FUNCTION cart_read_for_change(p_external_id text, p_product_ids integer[], p_lang text)
RETURNS TABLE (cart json, products json) LANGUAGE sql STABLE
SET plan_cache_mode = force_generic_plan AS $$
  SELECT (SELECT row_to_json(c) FROM (SELECT id, external_id, customer_id, branch_id, currency_id, customer_address_id
                                        FROM carts WHERE external_id = p_external_id) c),
         (SELECT json_agg(p) FROM (SELECT id, slug, code, CASE WHEN p_lang = 'es' THEN name_es ELSE name_pt END AS name,
                                          images, CASE WHEN active THEN stock ELSE 0 END AS stock, show_price, price_minor, currency_id
                                     FROM products WHERE id = ANY(p_product_ids)) p)
$$;
