-- Catalogue: the storefront spec, section 3. Names and descriptions are kept per language
-- (pt, es); the API picks one by its `lang` parameter. Money is integer minor units of the
-- row's currency.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE; indexes need an IMMUTABLE wrapper with a fixed dictionary.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE currencies (
  id smallint PRIMARY KEY,
  iso_code text NOT NULL UNIQUE,
  symbol text NOT NULL,
  decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 4)
);
INSERT INTO currencies (id, iso_code, symbol, decimals) VALUES
  (1, 'BRL', 'R$', 2), (2, 'USD', 'U$', 2), (3, 'PYG', 'G$', 0), (4, 'ARS', 'P$', 2);

-- One unit of the source currency (always 2, USD) buys `rate` units of the target.
CREATE TABLE exchange_rates (
  source_currency_id smallint NOT NULL REFERENCES currencies (id),
  target_currency_id smallint NOT NULL REFERENCES currencies (id),
  rate numeric(18, 6) NOT NULL CHECK (rate > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source_currency_id, target_currency_id)
);

CREATE TABLE brands (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  logo_url text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name_pt text NOT NULL,
  name_es text NOT NULL,
  icon_svg text,                       -- sanitised SVG markup, or NULL for the default icon
  menu_visible boolean NOT NULL DEFAULT true,
  special boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE departments (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name_pt text NOT NULL,
  name_es text NOT NULL,
  icon_svg text,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (category_id, slug)
);
CREATE INDEX departments_category_idx ON departments (category_id);

CREATE TABLE products (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE,
  name_pt text NOT NULL,
  name_es text NOT NULL,
  summary_pt text NOT NULL DEFAULT '',  -- descritivo (plain text)
  summary_es text NOT NULL DEFAULT '',
  description_pt text NOT NULL DEFAULT '', -- caracteristica (sanitised HTML)
  description_es text NOT NULL DEFAULT '',
  price_minor bigint NOT NULL CHECK (price_minor >= 0),
  currency_id smallint NOT NULL DEFAULT 2 REFERENCES currencies (id),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0), -- available now (reservations already taken off)
  physical_stock boolean NOT NULL DEFAULT true,
  show_price boolean NOT NULL DEFAULT true,
  brand_id integer NOT NULL REFERENCES brands (id),
  category_id integer NOT NULL REFERENCES categories (id),
  department_id integer REFERENCES departments (id),
  images jsonb NOT NULL DEFAULT '[]'::jsonb, -- [{ "url": "..." }]
  token text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products (category_id, department_id);
CREATE INDEX products_brand_idx ON products (brand_id);

CREATE TABLE product_specifications (
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position smallint NOT NULL,
  name_pt text NOT NULL,
  name_es text NOT NULL,
  value_pt text,
  value_es text,
  PRIMARY KEY (product_id, position)
);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('Banner Principal', 'Triplo Esquerdo', 'Triplo Centro', 'Triplo Direito', 'Receba Ofertas')),
  image_url text NOT NULL,
  link text,
  title_pt text NOT NULL DEFAULT '',
  title_es text NOT NULL DEFAULT '',
  description_pt text NOT NULL DEFAULT '',
  description_es text NOT NULL DEFAULT ''
);

CREATE TABLE sellers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  role_pt text NOT NULL,
  role_es text NOT NULL,
  whatsapp text,
  photo_url text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE faq (
  id serial PRIMARY KEY,
  question_pt text NOT NULL,
  question_es text NOT NULL,
  answer_pt text NOT NULL,
  answer_es text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE newsletter_contacts (
  phone_digits text PRIMARY KEY CHECK (phone_digits ~ '^[0-9]{10,15}$'),
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
