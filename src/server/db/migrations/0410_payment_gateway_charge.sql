-- Real gateways (decision 0410): a gateway may charge in another currency than the order's
-- (Mercado Pago Brazil charges BRL for an order kept in U$). What it was asked to charge is
-- frozen on the payment at checkout, with the rate used; NULL means the order's own amount.
ALTER TABLE payments
  ADD COLUMN charge_amount_minor bigint CHECK (charge_amount_minor >= 0),
  ADD COLUMN charge_currency_id smallint REFERENCES currencies (id),
  ADD COLUMN charge_rate numeric(18, 6);

-- Pagopar notifies by its order hash: the payment is found by the gateway's id.
CREATE INDEX payments_provider_payment_idx ON payments (provider, provider_payment_id);
