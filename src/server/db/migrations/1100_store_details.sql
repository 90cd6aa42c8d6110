-- Issue 33 point 3: the store's own details (names, legal name and RUC, address, hours, phones,
-- WhatsApp, e-mails, social links, header quick links), edited in the panel and read by the
-- storefront, the e-mails and the order documents. One row at most; its shape is the contract's
-- StoreDetailsSchema (src/lib/contract/store-details.ts), checked when the panel writes it. An
-- empty table is a store that has not filled them yet (SEED=0): pages show nothing in their place.
CREATE TABLE store_details (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  details jsonb NOT NULL CHECK (jsonb_typeof(details) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff (id)
);
