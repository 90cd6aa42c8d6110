-- Issue 32, money as the gateways really behave (decision 0960).
-- gateway_order_id: the id the gateway knows the order by when the shop chooses it (Pagopar's
-- id_pedido_comercio, unique across its staging and production: never the bare order number).
ALTER TABLE payments ADD COLUMN gateway_order_id text UNIQUE;

-- reconciled_at: when reconciliation last asked the gateway; the ones asked longest ago (never
-- first, newest first) go next, so abandoned checkouts cannot starve newer payments (point 12).
ALTER TABLE payments ADD COLUMN reconciled_at timestamptz;
CREATE INDEX payments_reconcile_turn_idx ON payments (reconciled_at NULLS FIRST, created_at DESC)
  WHERE status IN ('AGUARDANDO', 'RECUSADO', 'CANCELADO');

-- Refunds as the gateways can do them (point 4) and reversals made on the gateway's side (point 5):
-- refund_state AGENDADO: the gateway scheduled the reversal (Pagopar "Agendada"), the money is
-- not back yet; MANUAL: the gateway cannot give it back (method, day, refusal, retries spent),
-- an admin returns it and records how (refund_method). refund_attempts bounds the retries.
-- staff_notice: what the order desk shows staff about the payment (a key of its catalogue).
ALTER TABLE payments
  ADD COLUMN refund_state text CHECK (refund_state IN ('AGENDADO', 'MANUAL')),
  ADD COLUMN refund_attempts smallint NOT NULL DEFAULT 0,
  ADD COLUMN refund_method text,
  ADD COLUMN staff_notice text,
  ADD COLUMN staff_notice_at timestamptz;
