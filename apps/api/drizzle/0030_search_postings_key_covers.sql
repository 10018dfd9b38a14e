-- search_postings_key (lexeme, product_id) gains a posting's rank, sales and kinds (decision 0050). A search of several
-- words joins each word's postings by product, and a search in a shopper's order looks up the postings of each product
-- it walks: with the columns they read in the key's index, neither reads the table. Built first under a temporary
-- name, as migration 0029 builds its indexes (searches read while it builds; catalog writes wait), then the old one is
-- dropped and the new one takes its name.
CREATE UNIQUE INDEX "search_postings_key_0030" ON "search_postings" ("lexeme", "product_id") INCLUDE ("rank", "units_sold", "kinds");--> statement-breakpoint
DROP INDEX "search_postings_key";--> statement-breakpoint
ALTER INDEX "search_postings_key_0030" RENAME TO "search_postings_key";
