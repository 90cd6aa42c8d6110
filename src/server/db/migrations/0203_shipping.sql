-- Shipping (DECISIONS.md): delivery services with rates per Paraguayan department or city, and
-- pickup points. Store pickup (cost 0) is not a row: it is always offered. Prices are in
-- guaranies (currency 3) and converted to the cart currency when quoted.
CREATE TABLE delivery_services (
  id integer PRIMARY KEY,                 -- entrega_servico_id
  integrator_id integer NOT NULL,         -- entrega_integrador_id
  kind text NOT NULL CHECK (kind IN ('delivery', 'pickup_point')),
  name_pt text NOT NULL,
  name_es text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE delivery_rates (
  id serial PRIMARY KEY,
  service_id integer NOT NULL REFERENCES delivery_services (id),
  state_id smallint REFERENCES states (id),   -- a whole department...
  city_id integer REFERENCES cities (id),     -- ...or one city, which wins over its department
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  currency_id smallint NOT NULL DEFAULT 3 REFERENCES currencies (id),
  days smallint NOT NULL CHECK (days >= 0),
  CHECK ((state_id IS NULL) <> (city_id IS NULL))
);
CREATE UNIQUE INDEX delivery_rates_state_idx ON delivery_rates (service_id, state_id) WHERE state_id IS NOT NULL;
CREATE UNIQUE INDEX delivery_rates_city_idx ON delivery_rates (service_id, city_id) WHERE city_id IS NOT NULL;

CREATE TABLE pickup_points (
  id serial PRIMARY KEY,
  service_id integer NOT NULL REFERENCES delivery_services (id),
  name text NOT NULL,
  address text NOT NULL,
  city_id integer NOT NULL REFERENCES cities (id),
  hours_pt text NOT NULL,
  hours_es text NOT NULL,
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  currency_id smallint NOT NULL DEFAULT 3 REFERENCES currencies (id),
  days smallint NOT NULL CHECK (days >= 0),
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX pickup_points_city_idx ON pickup_points (city_id) WHERE active;

-- Carts remember the chosen city of their last calculation (checkout reads the token instead).
ALTER TABLE carts ADD COLUMN shipping_city_id integer REFERENCES cities (id);

INSERT INTO delivery_services (id, integrator_id, kind, name_pt, name_es) VALUES
  (1, 1, 'delivery', 'Entrega Fronteira Express', 'Envío Fronteira Express'),
  (2, 2, 'delivery', 'Transportadora Nacional', 'Transportadora Nacional'),
  (3, 3, 'pickup_point', 'Retirada em ponto parceiro', 'Retiro en punto aliado');

-- Own fleet: Alto Paraná (30) only, cheaper in the Ciudad del Este metropolitan area.
INSERT INTO delivery_rates (service_id, state_id, price_minor, days) VALUES (1, 30, 45000, 2);
INSERT INTO delivery_rates (service_id, city_id, price_minor, days)
  SELECT 1, id, CASE WHEN name = 'Ciudad del Este' THEN 20000 ELSE 30000 END, 1
    FROM cities WHERE state_id = 30 AND name IN ('Ciudad del Este', 'Presidente Franco', 'Hernandarias', 'Minga Guazú');

-- National carrier: every department except Alto Paraguay and Boquerón, priced by distance.
INSERT INTO delivery_rates (service_id, state_id, price_minor, days) VALUES
  (2, 28, 60000, 3), (2, 29, 70000, 4), (2, 30, 55000, 2), (2, 31, 65000, 3), (2, 32, 60000, 3),
  (2, 33, 70000, 4), (2, 34, 80000, 4), (2, 35, 60000, 3), (2, 36, 50000, 2), (2, 37, 60000, 3),
  (2, 38, 75000, 4), (2, 39, 50000, 2), (2, 40, 70000, 4), (2, 41, 65000, 3), (2, 42, 80000, 5),
  (2, 44, 80000, 4);

-- Partner pickup points in several cities.
INSERT INTO pickup_points (service_id, name, address, city_id, hours_pt, hours_es, price_minor, days)
  SELECT 3, p.name, p.address, c.id, p.hours_pt, p.hours_es, p.price, p.days
    FROM (VALUES
      ('Fronteira Ponto Centro', 'Av. Monseñor Rodríguez 1250, Microcentro', 'Ciudad del Este', 30, 'Seg a sex 8h-18h, sáb 8h-12h', 'Lun a vie 8 a 18 h, sáb 8 a 12 h', 15000, 1),
      ('Fronteira Ponto Km 7', 'Ruta PY02 Km 7, Área 1', 'Ciudad del Este', 30, 'Seg a sáb 7h-19h', 'Lun a sáb 7 a 19 h', 15000, 1),
      ('Punto Asunción Villa Morra', 'Av. Mariscal López 3400', 'Asunción', 39, 'Seg a sex 9h-19h', 'Lun a vie 9 a 19 h', 30000, 2),
      ('Punto San Lorenzo', 'Ruta Mcal. Estigarribia 1800', 'San Lorenzo', 36, 'Seg a sex 8h-17h, sáb 8h-12h', 'Lun a vie 8 a 17 h, sáb 8 a 12 h', 30000, 2),
      ('Punto Encarnación', 'Av. Irrazábal 560', 'Encarnación', 35, 'Seg a sex 8h-18h', 'Lun a vie 8 a 18 h', 35000, 3),
      ('Punto Coronel Oviedo', 'Calle Humaitá 210', 'Coronel Oviedo', 28, 'Seg a sex 8h-17h', 'Lun a vie 8 a 17 h', 35000, 3),
      ('Punto Pedro Juan Caballero', 'Av. Dr. Francia 890', 'Pedro Juan Caballero', 44, 'Seg a sex 8h-17h', 'Lun a vie 8 a 17 h', 40000, 4)
    ) AS p(name, address, city, state_id, hours_pt, hours_es, price, days)
    JOIN cities c ON c.name = p.city AND c.state_id = p.state_id;
