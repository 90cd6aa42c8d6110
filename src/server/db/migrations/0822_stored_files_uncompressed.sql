-- Stored files are pictures (JPEG/PNG/WebP) and encrypted documents: already compressed, so
-- PostgreSQL's pglz pass over every megabyte only costs time (a banner upload ran into the
-- statement timeout on a loaded machine). EXTERNAL keeps them out of line, uncompressed.
ALTER TABLE stored_files ALTER COLUMN bytes SET STORAGE EXTERNAL;
