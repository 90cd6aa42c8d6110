-- Issue 32, money as the gateways really behave (decision 0960).
-- gateway_order_id: the id the gateway knows the order by when the shop chooses it (Pagopar's
-- id_pedido_comercio, unique across its staging and production: never the bare order number).
ALTER TABLE payments ADD COLUMN gateway_order_id text UNIQUE;
