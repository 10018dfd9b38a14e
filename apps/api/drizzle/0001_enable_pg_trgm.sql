-- Trigram similarity for typo-tolerant search (PGlite loads the extension from its contrib bundle).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
