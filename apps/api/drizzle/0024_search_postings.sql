CREATE TABLE "search_postings" (
	"lexeme" text NOT NULL,
	"product_id" integer NOT NULL,
	"rank" real NOT NULL,
	"units_sold" integer NOT NULL,
	"kinds" smallint NOT NULL,
	"price_10" integer,
	"price_20" integer,
	"price_30" integer,
	"price_40" integer,
	"price_50" integer,
	"sold_out" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot write INCLUDE, functions or triggers).
-- A lexeme as a one-word tsquery (quoted, so no character in it is read as an operator).
CREATE OR REPLACE FUNCTION search_lexeme_query(lexeme text) RETURNS tsquery AS $$
  SELECT ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery
$$ LANGUAGE sql IMMUTABLE STRICT;
--> statement-breakpoint
-- Each product's price in each of the five metals (null where it is not offered), and the metals it is sold out of
-- as bits (1 << (metal id / 10 - 1)).
CREATE OR REPLACE FUNCTION search_offers(product_ids integer[])
RETURNS TABLE (product_id integer, price_10 integer, price_20 integer, price_30 integer, price_40 integer, price_50 integer, sold_out smallint) AS $$
  SELECT x.id,
    max(pp.price_cents) FILTER (WHERE pp.metal_id = 10), max(pp.price_cents) FILTER (WHERE pp.metal_id = 20),
    max(pp.price_cents) FILTER (WHERE pp.metal_id = 30), max(pp.price_cents) FILTER (WHERE pp.metal_id = 40),
    max(pp.price_cents) FILTER (WHERE pp.metal_id = 50),
    coalesce(bit_or(1 << (pp.metal_id / 10 - 1)) FILTER (WHERE NOT pp.available), 0)::smallint
  FROM unnest(product_ids) AS x(id)
  LEFT JOIN product_prices pp ON pp.product_id = x.id
  GROUP BY x.id
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- The postings of these products as they are now (none for a retired product), and the words of their names.
CREATE OR REPLACE FUNCTION search_postings_add(product_ids integer[]) RETURNS void AS $$
  INSERT INTO search_postings (lexeme, product_id, rank, units_sold, kinds, price_10, price_20, price_30, price_40, price_50, sold_out)
  SELECT v.lexeme, p.id, ts_rank(p.search_vector, search_lexeme_query(v.lexeme)), p.units_sold,
    product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days),
    o.price_10, o.price_20, o.price_30, o.price_40, o.price_50, o.sold_out
  FROM unnest(product_ids) AS x(id)
  JOIN products p ON p.id = x.id
  JOIN search_offers(product_ids) o ON o.product_id = p.id
  CROSS JOIN LATERAL unnest(p.search_vector) v
  WHERE p.retired_at IS NULL;
  -- (Joined with the ids, not filtered by "= ANY (product_ids)": a parameter's array is searched row by row, and a
  -- bulk load's thousands of ids made that quadratic.)
  INSERT INTO search_words (word, lexeme)
  SELECT DISTINCT w.word, w.lexeme
  FROM (SELECT DISTINCT n.word FROM unnest(product_ids) AS x(id)
        JOIN products p ON p.id = x.id
        CROSS JOIN LATERAL regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') AS n(word)
        WHERE p.retired_at IS NULL AND n.word <> '') AS named
  CROSS JOIN LATERAL (SELECT named.word, (SELECT t.lexeme FROM unnest(to_tsvector('english', named.word)) t LIMIT 1) AS lexeme) w
  WHERE w.lexeme IS NOT NULL
  ON CONFLICT (word) DO NOTHING;
$$ LANGUAGE sql;
--> statement-breakpoint
-- The postings follow products and prices, one set-based statement per change (statement triggers with transition
-- tables, as catalog_listings does: migration 0006).
CREATE OR REPLACE FUNCTION search_postings_on_product_insert() RETURNS trigger AS $$
BEGIN
  PERFORM search_postings_add(array(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_product_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_product_insert();
--> statement-breakpoint
-- A product whose words, sales, kinds or retirement changed gets its postings again; other changes (a price is
-- not a product column; SEO text is not searched) leave them alone.
CREATE OR REPLACE FUNCTION search_postings_on_product_update() RETURNS trigger AS $$
DECLARE
  changed integer[];
BEGIN
  changed := array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.search_vector, n.units_sold, n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days, n.retired_at IS NULL)
      IS DISTINCT FROM (o.search_vector, o.units_sold, o.kind, o.engraving_max_chars, o.is_photo_art, o.lead_time_max_days, o.retired_at IS NULL));
  IF cardinality(changed) > 0 THEN
    DELETE FROM search_postings s USING unnest(changed) AS x(id) WHERE s.product_id = x.id;
    PERFORM search_postings_add(changed);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_product_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_product_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_product_delete() RETURNS trigger AS $$
BEGIN
  DELETE FROM search_postings s USING old_rows o WHERE s.product_id = o.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_product_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_product_delete();
--> statement-breakpoint
-- A price added, changed or removed: the product's postings get its prices again.
CREATE OR REPLACE FUNCTION search_postings_reprice(product_ids integer[]) RETURNS void AS $$
  UPDATE search_postings s
  SET price_10 = o.price_10, price_20 = o.price_20, price_30 = o.price_30, price_40 = o.price_40, price_50 = o.price_50, sold_out = o.sold_out
  FROM search_offers(product_ids) o
  WHERE s.product_id = o.product_id
    AND (s.price_10, s.price_20, s.price_30, s.price_40, s.price_50, s.sold_out)
      IS DISTINCT FROM (o.price_10, o.price_20, o.price_30, o.price_40, o.price_50, o.sold_out);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_price_insert() RETURNS trigger AS $$
BEGIN
  PERFORM search_postings_reprice(array(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_price_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_price_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_price_update() RETURNS trigger AS $$
BEGIN
  PERFORM search_postings_reprice(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_price_update AFTER UPDATE ON product_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_price_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_on_price_delete() RETURNS trigger AS $$
BEGIN
  PERFORM search_postings_reprice(array(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_postings_on_price_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_postings_on_price_delete();
--> statement-breakpoint
-- A database that already has products gets their postings now; from here on the triggers keep them.
SELECT search_postings_add(array(SELECT id FROM products));
--> statement-breakpoint
-- The key a search reads (made after the postings, so it is built packed): a word's postings are one range of it,
-- and every column a search counts and sorts by is included, so a one-word search reads this index alone (an
-- index-only scan) instead of ranking and pricing each matching product (decision 0035).
CREATE UNIQUE INDEX "search_postings_key" ON "search_postings" ("lexeme", "product_id")
  INCLUDE ("rank", "units_sold", "kinds", "price_10", "price_20", "price_30", "price_40", "price_50", "sold_out");
