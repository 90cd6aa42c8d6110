-- The delivery option as the shopper chose it, frozen on the order: service and pickup-point
-- names (both languages, the order page follows the host) next to delivery_days (issue #6).
ALTER TABLE orders
  ADD COLUMN delivery_service_name_pt text,
  ADD COLUMN delivery_service_name_es text,
  ADD COLUMN pickup_point_name text,
  ADD COLUMN pickup_point_address text;

-- A payment approved after its order was cancelled and its stock sold is refunded through the
-- provider port (decision 0040): the shop records when, the sandbox ledger knows the state.
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;

ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_status_check;
ALTER TABLE sandbox_payments
  ADD CONSTRAINT sandbox_payments_status_check CHECK (status IN ('pending', 'approved', 'declined', 'refunded')),
  ADD COLUMN refunded_at timestamptz;
