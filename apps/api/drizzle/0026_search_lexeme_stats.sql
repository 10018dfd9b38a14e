CREATE TABLE "search_lexeme_stats" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	"charm" integer NOT NULL,
	"bracelet" integer NOT NULL,
	"engravable" integer NOT NULL,
	"photoart" integer NOT NULL,
	"made_to_order" integer NOT NULL,
	"available_10" integer NOT NULL,
	"available_20" integer NOT NULL,
	"available_30" integer NOT NULL,
	"available_40" integer NOT NULL,
	"available_50" integer NOT NULL,
	"min_10" integer,
	"max_10" integer,
	"min_20" integer,
	"max_20" integer,
	"min_30" integer,
	"max_30" integer,
	"min_40" integer,
	"max_40" integer,
	"min_50" integer,
	"max_50" integer
);
--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot write INCLUDE, functions or triggers). Decision 0041.
-- The postings' two indexes. search_postings_key is now the key alone: one posting a product and word, and whether a
-- product has a word (a fuzzy match leaves out the products the word itself finds). search_postings_relevance holds
-- a word's postings in the order a search shows them by relevance (rank, then sales, then id), with every other
-- column a search shows, counts or sorts by included: a one-word search's first page is the first rows of one range.
DROP INDEX IF EXISTS "search_postings_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "search_postings_key" ON "search_postings" ("lexeme", "product_id");
--> statement-breakpoint
CREATE INDEX "search_postings_relevance" ON "search_postings" ("lexeme", "rank" DESC, "units_sold" DESC, "product_id")
  INCLUDE ("kinds", "price_10", "price_20", "price_30", "price_40", "price_50", "sold_out");
--> statement-breakpoint
-- Postings added and removed by one statement, as counts per word: each count moves by the difference, a lowest or
-- highest price moves to a lower or higher one added, and a word that lost the posting holding its lowest or highest
-- price in a metal has both counted again from its postings (one index range). A word no product has any more goes.
CREATE OR REPLACE FUNCTION search_lexeme_stats_apply(added search_postings[], removed search_postings[]) RETURNS void AS $$
  INSERT INTO search_lexeme_stats AS t (lexeme, products, charm, bracelet, engravable, photoart, made_to_order, available_10, available_20, available_30, available_40, available_50, min_10, max_10, min_20, max_20, min_30, max_30, min_40, max_40, min_50, max_50)
  SELECT d.lexeme,
    sum(d.sign), sum(d.sign * ((d.kinds & 1) <> 0)::int), sum(d.sign * ((d.kinds & 2) <> 0)::int),
    sum(d.sign * ((d.kinds & 4) <> 0)::int), sum(d.sign * ((d.kinds & 8) <> 0)::int),
    sum(d.sign * ((d.kinds & 16) <> 0)::int),
    sum(d.sign * (d.price_10 IS NOT NULL AND (d.sold_out & 1) = 0)::int),
    sum(d.sign * (d.price_20 IS NOT NULL AND (d.sold_out & 2) = 0)::int),
    sum(d.sign * (d.price_30 IS NOT NULL AND (d.sold_out & 4) = 0)::int),
    sum(d.sign * (d.price_40 IS NOT NULL AND (d.sold_out & 8) = 0)::int),
    sum(d.sign * (d.price_50 IS NOT NULL AND (d.sold_out & 16) = 0)::int),
    min(d.price_10) FILTER (WHERE d.sign > 0), max(d.price_10) FILTER (WHERE d.sign > 0),
    min(d.price_20) FILTER (WHERE d.sign > 0), max(d.price_20) FILTER (WHERE d.sign > 0),
    min(d.price_30) FILTER (WHERE d.sign > 0), max(d.price_30) FILTER (WHERE d.sign > 0),
    min(d.price_40) FILTER (WHERE d.sign > 0), max(d.price_40) FILTER (WHERE d.sign > 0),
    min(d.price_50) FILTER (WHERE d.sign > 0), max(d.price_50) FILTER (WHERE d.sign > 0)
  FROM (SELECT a.*, 1 AS sign FROM unnest(added) a UNION ALL SELECT r.*, -1 AS sign FROM unnest(removed) r) d
  GROUP BY d.lexeme
  -- In the words' order, so two writers that share words take their rows in the same order and never deadlock.
  ORDER BY d.lexeme
  ON CONFLICT (lexeme) DO UPDATE SET
    products = t.products + excluded.products, charm = t.charm + excluded.charm,
    bracelet = t.bracelet + excluded.bracelet, engravable = t.engravable + excluded.engravable,
    photoart = t.photoart + excluded.photoart, made_to_order = t.made_to_order + excluded.made_to_order,
    available_10 = t.available_10 + excluded.available_10,
    available_20 = t.available_20 + excluded.available_20,
    available_30 = t.available_30 + excluded.available_30,
    available_40 = t.available_40 + excluded.available_40,
    available_50 = t.available_50 + excluded.available_50, min_10 = least(t.min_10, excluded.min_10),
    max_10 = greatest(t.max_10, excluded.max_10), min_20 = least(t.min_20, excluded.min_20),
    max_20 = greatest(t.max_20, excluded.max_20), min_30 = least(t.min_30, excluded.min_30),
    max_30 = greatest(t.max_30, excluded.max_30), min_40 = least(t.min_40, excluded.min_40),
    max_40 = greatest(t.max_40, excluded.max_40), min_50 = least(t.min_50, excluded.min_50),
    max_50 = greatest(t.max_50, excluded.max_50);
  UPDATE search_lexeme_stats t SET (min_10, max_10, min_20, max_20, min_30, max_30, min_40, max_40, min_50, max_50) = (
    SELECT min(s.price_10), max(s.price_10), min(s.price_20), max(s.price_20), min(s.price_30), max(s.price_30), min(s.price_40), max(s.price_40), min(s.price_50), max(s.price_50) FROM search_postings s WHERE s.lexeme = t.lexeme)
  WHERE t.lexeme IN (
    SELECT r.lexeme FROM unnest(removed) r JOIN search_lexeme_stats x ON x.lexeme = r.lexeme
    WHERE r.price_10 <= x.min_10 OR r.price_10 >= x.max_10 OR r.price_20 <= x.min_20 OR r.price_20 >= x.max_20 OR r.price_30 <= x.min_30 OR r.price_30 >= x.max_30 OR r.price_40 <= x.min_40 OR r.price_40 >= x.max_40 OR r.price_50 <= x.min_50 OR r.price_50 >= x.max_50);
  DELETE FROM search_lexeme_stats t WHERE t.products <= 0 AND t.lexeme IN (SELECT r.lexeme FROM unnest(removed) r);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexeme_stats_on_insert() RETURNS trigger AS $$
BEGIN
  PERFORM search_lexeme_stats_apply(array(SELECT n::search_postings FROM new_rows n), '{}'::search_postings[]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_lexeme_stats_on_insert AFTER INSERT ON search_postings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_stats_on_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexeme_stats_on_update() RETURNS trigger AS $$
BEGIN
  PERFORM search_lexeme_stats_apply(array(SELECT n::search_postings FROM new_rows n), array(SELECT o::search_postings FROM old_rows o));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_lexeme_stats_on_update AFTER UPDATE ON search_postings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_stats_on_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_lexeme_stats_on_delete() RETURNS trigger AS $$
BEGIN
  PERFORM search_lexeme_stats_apply('{}'::search_postings[], array(SELECT o::search_postings FROM old_rows o));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_lexeme_stats_on_delete AFTER DELETE ON search_postings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_lexeme_stats_on_delete();
--> statement-breakpoint
-- The postings a database already has, counted once; from here on the triggers keep the counts.
INSERT INTO search_lexeme_stats (lexeme, products, charm, bracelet, engravable, photoart, made_to_order, available_10, available_20, available_30, available_40, available_50, min_10, max_10, min_20, max_20, min_30, max_30, min_40, max_40, min_50, max_50)
SELECT lexeme,
  count(*)::int, count(*) FILTER (WHERE (kinds & 1) <> 0)::int,
  count(*) FILTER (WHERE (kinds & 2) <> 0)::int, count(*) FILTER (WHERE (kinds & 4) <> 0)::int,
  count(*) FILTER (WHERE (kinds & 8) <> 0)::int, count(*) FILTER (WHERE (kinds & 16) <> 0)::int,
  count(*) FILTER (WHERE price_10 IS NOT NULL AND (sold_out & 1) = 0)::int,
  count(*) FILTER (WHERE price_20 IS NOT NULL AND (sold_out & 2) = 0)::int,
  count(*) FILTER (WHERE price_30 IS NOT NULL AND (sold_out & 4) = 0)::int,
  count(*) FILTER (WHERE price_40 IS NOT NULL AND (sold_out & 8) = 0)::int,
  count(*) FILTER (WHERE price_50 IS NOT NULL AND (sold_out & 16) = 0)::int, min(price_10), max(price_10),
  min(price_20), max(price_20), min(price_30), max(price_30), min(price_40), max(price_40), min(price_50),
  max(price_50)
FROM search_postings GROUP BY lexeme;
