-- Catalogue settings in the panel (issue 20 point 3).
-- A product can be taken off the shop without deleting it (orders and carts keep pointing at
-- it): inactive products are left out of listings, search, related rows and the sitemap, and
-- their page answers 404. Toggling it changes what listings count, so it bumps the version.
ALTER TABLE products ADD COLUMN active boolean NOT NULL DEFAULT true;
CREATE TRIGGER products_catalog_version_active AFTER UPDATE OF active ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_version();

-- Exchange rates: `exchange_rates` stays the one table the shop reads (the current rate); every
-- rate written to it (seed, panel, plain SQL) is also kept here by a trigger, with when and, for
-- the panel, by whom (transaction-local settings fronteira.staff_id/staff_email, as the order
-- desk names the author of a status change).
CREATE TABLE exchange_rate_history (
  id bigserial PRIMARY KEY,
  source_currency_id smallint NOT NULL REFERENCES currencies (id),
  target_currency_id smallint NOT NULL REFERENCES currencies (id),
  rate numeric(18, 6) NOT NULL CHECK (rate > 0),
  set_at timestamptz NOT NULL DEFAULT now(),
  staff_id bigint REFERENCES staff (id) ON DELETE SET NULL,
  staff_email text
);
CREATE INDEX exchange_rate_history_target_idx ON exchange_rate_history (target_currency_id, set_at DESC);
INSERT INTO exchange_rate_history (source_currency_id, target_currency_id, rate, set_at)
  SELECT source_currency_id, target_currency_id, rate, updated_at FROM exchange_rates;

CREATE FUNCTION exchange_rates_keep_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.rate = NEW.rate THEN RETURN NULL; END IF;
  INSERT INTO exchange_rate_history (source_currency_id, target_currency_id, rate, set_at, staff_id, staff_email)
    VALUES (NEW.source_currency_id, NEW.target_currency_id, NEW.rate, NEW.updated_at,
            NULLIF(current_setting('fronteira.staff_id', true), '')::bigint,
            NULLIF(current_setting('fronteira.staff_email', true), ''));
  RETURN NULL;
END $$;
CREATE TRIGGER exchange_rates_keep_history AFTER INSERT OR UPDATE ON exchange_rates
  FOR EACH ROW EXECUTE FUNCTION exchange_rates_keep_history();
