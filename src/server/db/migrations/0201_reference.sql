-- Reference data of accounts spec section 3: Brazilian states (estado_id 1-27) and their
-- municipalities (IBGE 7-digit codes), Paraguayan departments (28-45) and their districts.
-- Rows come from 0202_reference_data.sql (generated from src/server/reference/data/*.json).
CREATE TABLE states (
  id smallint PRIMARY KEY,
  country_id smallint NOT NULL CHECK (country_id IN (1, 2)),
  name text NOT NULL,
  code text NOT NULL,               -- UF for Brazil, department code for Paraguay
  UNIQUE (country_id, code)
);

CREATE TABLE cities (
  id integer PRIMARY KEY,           -- cidade_id, unique across every state
  state_id smallint NOT NULL REFERENCES states (id),
  code text NOT NULL,               -- cidade_codigo: IBGE code (BR) or district code (PY)
  name text NOT NULL
);
CREATE INDEX cities_state_idx ON cities (state_id);
CREATE UNIQUE INDEX cities_code_idx ON cities ((CASE WHEN state_id <= 27 THEN 1 ELSE 2 END), code);
