-- Banners in the order the panel sets (issue 20.3: the main carousel's order); the seed's order kept.
ALTER TABLE banners ADD COLUMN position integer NOT NULL DEFAULT 0;
UPDATE banners SET position = id;
