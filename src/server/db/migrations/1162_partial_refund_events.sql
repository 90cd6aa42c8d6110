-- Issue 34 points 5 and 8 (decisions 1140, 1160): a partial refund whose money went back (state
-- FEITO: the gateway's refund, or the admin's record of a manual one) is an event of the ERP's
-- order feed, with what it gave back. Deferred to the end of the transaction: the refund's lines
-- are written after its row.
CREATE FUNCTION record_partial_refund_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_order_event(NEW.order_id, 'estorno_parcial', jsonb_build_object(
    'valor', NEW.amount_minor,
    'itens', (SELECT coalesce(jsonb_agg(jsonb_build_object('codigo', i.product_code, 'quantidade', l.quantity) ORDER BY l.position), '[]'::jsonb)
                FROM order_refund_lines l JOIN order_items i ON i.order_id = l.order_id AND i.position = l.position
               WHERE l.refund_id = NEW.id)));
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER order_refunds_feed_event_insert AFTER INSERT ON order_refunds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.state = 'FEITO') EXECUTE FUNCTION record_partial_refund_event();
CREATE CONSTRAINT TRIGGER order_refunds_feed_event_update AFTER UPDATE OF state ON order_refunds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state = 'FEITO')
  EXECUTE FUNCTION record_partial_refund_event();
