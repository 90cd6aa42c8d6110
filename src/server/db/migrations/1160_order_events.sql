-- Issue 34 point 8 (decision 1160): the ERP's feed of every change of an order after it was
-- created. One row per event, written in the transaction of the change itself; the feed reads
-- them as it reads paid orders (decision 0810): in (xid, id) order and only once the writing
-- transaction is older than every one still running, so a page never skips an event committed
-- late. Status changes write their event through a trigger (whatever changes the status: the
-- desk, the counter, a payment, an expiry); a partial refund writes its own with
-- record_order_event(order_id, 'estorno_parcial', '{"valor": ..., "itens": [...]}').
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('pago', 'enviado', 'retirado', 'cancelado', 'estornado', 'estorno_parcial')),
  -- The status the order had right after the event.
  status text NOT NULL,
  -- Who did it, for staff changes (NULL: the shop itself), and the reason or tracking note.
  staff_email text,
  note text,
  -- What was refunded: valor (minor units of the order's currency) and itens [{codigo, quantidade}].
  detail jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_feed_idx ON order_events (xid, id);

CREATE FUNCTION record_order_event(event_order_id bigint, event_kind text, event_detail jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_events (order_id, kind, status, staff_email, note, detail)
  SELECT o.id, event_kind, o.status,
         NULLIF(current_setting('fronteira.staff_email', true), ''),
         NULLIF(current_setting('fronteira.status_note', true), ''),
         event_detail
    FROM orders o WHERE o.id = event_order_id;
$$;

CREATE FUNCTION record_order_status_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_kind text := CASE NEW.status
    WHEN 'PAGO' THEN 'pago' WHEN 'ENVIADO' THEN 'enviado' WHEN 'RETIRADO' THEN 'retirado'
    WHEN 'CANCELADO' THEN 'cancelado' WHEN 'ESTORNADO' THEN 'estornado' END;
BEGIN
  IF event_kind IS NOT NULL THEN
    PERFORM record_order_event(NEW.id, event_kind,
      CASE WHEN event_kind = 'estornado' THEN jsonb_build_object('valor', NEW.total_minor) END);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER orders_feed_event_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_status_event();
CREATE TRIGGER orders_feed_event_update AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION record_order_status_event();

-- Orders changed before this migration: their history becomes the feed's first events.
INSERT INTO order_events (xid, order_id, kind, status, staff_email, note, created_at)
SELECT '1'::xid8, h.order_id,
       CASE h.to_status WHEN 'PAGO' THEN 'pago' WHEN 'ENVIADO' THEN 'enviado' WHEN 'RETIRADO' THEN 'retirado'
         WHEN 'CANCELADO' THEN 'cancelado' ELSE 'estornado' END,
       h.to_status, h.staff_email, h.note, h.created_at
  FROM order_status_history h
 WHERE h.to_status IN ('PAGO', 'ENVIADO', 'RETIRADO', 'CANCELADO', 'ESTORNADO')
 ORDER BY h.id;

-- Its own scope: an ERP that reads paid orders is not thereby allowed to follow every change.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check
  CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['stock', 'prices', 'catalogue', 'orders:read', 'rates', 'orders:events']);
