-- A search with many matches walks the newest-first order and tests each row's search vector
-- until the page is full (catalog/repository.ts, searchWalkSql): about 600 rows for a word that
-- 3 % of 100,000 products match, each read from its table page (~220 pages). With the vector in
-- the index the walk reads the index alone (~18 pages; PostgreSQL CPU 1.47 -> 1.28 ms a search
-- page). 19 MB each; stock-only updates that keep `in_stock` still leave it untouched.
CREATE INDEX products_walk_pt_idx ON products (in_stock, id) INCLUDE (search_pt) WHERE active;
CREATE INDEX products_walk_es_idx ON products (in_stock, id) INCLUDE (search_es) WHERE active;
