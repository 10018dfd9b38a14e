CREATE TABLE "search_name_words" (
	"word" text NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_name_words_product_idx" ON "search_name_words" USING btree ("product_id");
--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot write INCLUDE, functions or triggers). Decision 0045.
-- The name words of these products as they are now (none for a retired product): the words of the name in lower
-- case, split as a search that ranks every match splits them (search-postings.ts, nameWordCloseTo), each once, with
-- the name.
CREATE OR REPLACE FUNCTION search_name_words_add(product_ids integer[]) RETURNS void AS $$
  INSERT INTO search_name_words (word, product_id, name)
  SELECT DISTINCT n.word, p.id, p.name
  FROM unnest(product_ids) AS x(id)
  JOIN products p ON p.id = x.id
  CROSS JOIN LATERAL regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') AS n(word)
  WHERE p.retired_at IS NULL AND n.word <> '';
$$ LANGUAGE sql;
--> statement-breakpoint
-- The name words follow products, one set-based statement per change (statement triggers with transition tables, as
-- search_postings does: migration 0024).
CREATE OR REPLACE FUNCTION search_name_words_on_product_insert() RETURNS trigger AS $$
BEGIN
  PERFORM search_name_words_add(array(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_name_words_on_product_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_name_words_on_product_insert();
--> statement-breakpoint
-- Only a new name, or a product retired or brought back, changes its name words.
CREATE OR REPLACE FUNCTION search_name_words_on_product_update() RETURNS trigger AS $$
DECLARE
  changed integer[];
BEGIN
  changed := array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.retired_at IS NULL) IS DISTINCT FROM (o.name, o.retired_at IS NULL));
  IF cardinality(changed) > 0 THEN
    DELETE FROM search_name_words w USING unnest(changed) AS x(id) WHERE w.product_id = x.id;
    PERFORM search_name_words_add(changed);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_name_words_on_product_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_name_words_on_product_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_name_words_on_product_delete() RETURNS trigger AS $$
BEGIN
  DELETE FROM search_name_words w USING old_rows o WHERE w.product_id = o.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_name_words_on_product_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_name_words_on_product_delete();
--> statement-breakpoint
-- A database that already has products gets their name words now; from here on the triggers keep them.
SELECT search_name_words_add(array(SELECT id FROM products));
--> statement-breakpoint
-- The key a fuzzy match reads (made after the name words, so it is built packed): whether a product has a word in its
-- name, and the name, from the index alone (an index-only scan; decision 0045).
CREATE UNIQUE INDEX "search_name_words_key" ON "search_name_words" ("word", "product_id") INCLUDE ("name");
