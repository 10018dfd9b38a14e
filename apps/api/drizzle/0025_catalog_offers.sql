CREATE TABLE "catalog_offer_counts" (
	"metal_id" smallint NOT NULL,
	"kinds" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalog_offer_counts_metal_id_kinds_price_cents_pk" PRIMARY KEY("metal_id","kinds","price_cents")
);
--> statement-breakpoint
CREATE TABLE "catalog_offers" (
	"metal_id" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"available" boolean NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"units_sold" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"kinds" smallint NOT NULL,
	CONSTRAINT "catalog_offers_metal_id_product_id_pk" PRIMARY KEY("metal_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "catalog_offers_product_idx" ON "catalog_offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_name_idx" ON "catalog_offers" USING btree ("metal_id","name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_idx" ON "catalog_offers" USING btree ("metal_id","price_cents","name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_desc_idx" ON "catalog_offers" USING btree ("metal_id","price_cents" DESC NULLS LAST,"name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_newest_idx" ON "catalog_offers" USING btree ("metal_id","created_at" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_sales_idx" ON "catalog_offers" USING btree ("metal_id","units_sold" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot write functions or triggers). Decision 0036.
-- The offers of these products as they are now: one row a metal the product is priced in (none for a retired one).
-- It first takes the lock every catalog write takes (lockProductSlugs in admin-products.ts; re-entrant for them), so
-- that any other writer (a hand-written statement, a seed) also waits for the one before it to commit, and reads what
-- it wrote: without it, two transactions could each rewrite a product's offers from a snapshot without the other's
-- change (a lost update), or lock the same counts in opposite orders.
CREATE OR REPLACE FUNCTION catalog_offers_refresh(product_ids integer[]) RETURNS void AS $$
  SELECT pg_advisory_xact_lock(hashtext('product-slugs'));
  DELETE FROM catalog_offers o USING unnest(product_ids) AS x(id) WHERE o.product_id = x.id;
  INSERT INTO catalog_offers (metal_id, product_id, available, name, price_cents, units_sold, created_at, kinds)
  SELECT pp.metal_id, p.id, pp.available, p.name, pp.price_cents, p.units_sold, p.created_at,
    product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days)
  FROM (SELECT DISTINCT id FROM unnest(product_ids) AS x(id)) x
  JOIN products p ON p.id = x.id
  JOIN product_prices pp ON pp.product_id = p.id
  WHERE p.retired_at IS NULL;
$$ LANGUAGE sql;
--> statement-breakpoint
-- The offers follow products and prices, one set-based statement per change (statement triggers with transition
-- tables, as catalog_listings and search_postings do: migrations 0006 and 0024).
CREATE OR REPLACE FUNCTION catalog_offers_on_product_insert() RETURNS trigger AS $$
BEGIN
  PERFORM catalog_offers_refresh(array(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_product_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_product_insert();
--> statement-breakpoint
-- Only a change of what the offers hold (name, sales, date, kinds, retirement) rewrites a product's offers.
CREATE OR REPLACE FUNCTION catalog_offers_on_product_update() RETURNS trigger AS $$
DECLARE
  changed integer[];
BEGIN
  changed := array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.units_sold, n.created_at, n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days, n.retired_at IS NULL)
      IS DISTINCT FROM (o.name, o.units_sold, o.created_at, o.kind, o.engraving_max_chars, o.is_photo_art, o.lead_time_max_days, o.retired_at IS NULL));
  IF cardinality(changed) > 0 THEN
    PERFORM catalog_offers_refresh(changed);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_product_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_product_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offers_on_product_delete() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('product-slugs'));
  DELETE FROM catalog_offers c USING old_rows o WHERE c.product_id = o.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_product_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_product_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offers_on_price_insert() RETURNS trigger AS $$
BEGIN
  PERFORM catalog_offers_refresh(array(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_price_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_price_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offers_on_price_update() RETURNS trigger AS $$
BEGIN
  PERFORM catalog_offers_refresh(array(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_price_update AFTER UPDATE ON product_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_price_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offers_on_price_delete() RETURNS trigger AS $$
BEGIN
  PERFORM catalog_offers_refresh(array(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offers_on_price_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offers_on_price_delete();
--> statement-breakpoint
-- catalog_offer_counts follows catalog_offers: the rows added are counted in, the rows removed counted out, and a count
-- that reaches 0 is removed. The offers change only under the catalog writes' lock (above), one transaction at a time.
CREATE OR REPLACE FUNCTION catalog_offer_counts_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO catalog_offer_counts AS c (metal_id, kinds, price_cents, products)
  SELECT metal_id, kinds, price_cents, count(*)::int FROM new_rows GROUP BY metal_id, kinds, price_cents ORDER BY 1, 2, 3
  ON CONFLICT (metal_id, kinds, price_cents) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offer_counts_remove() RETURNS trigger AS $$
BEGIN
  UPDATE catalog_offer_counts c SET products = c.products - g.n
  FROM (SELECT metal_id, kinds, price_cents, count(*)::int AS n FROM old_rows GROUP BY metal_id, kinds, price_cents ORDER BY 1, 2, 3) g
  WHERE c.metal_id = g.metal_id AND c.kinds = g.kinds AND c.price_cents = g.price_cents;
  DELETE FROM catalog_offer_counts c USING (SELECT DISTINCT metal_id, kinds, price_cents FROM old_rows) g
  WHERE c.metal_id = g.metal_id AND c.kinds = g.kinds AND c.price_cents = g.price_cents AND c.products <= 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_offer_counts_change() RETURNS trigger AS $$
BEGIN
  -- (catalog_offers_refresh deletes and inserts; an update, should one happen, counts out the old and in the new.)
  UPDATE catalog_offer_counts c SET products = c.products - g.n
  FROM (SELECT metal_id, kinds, price_cents, count(*)::int AS n FROM old_rows GROUP BY metal_id, kinds, price_cents ORDER BY 1, 2, 3) g
  WHERE c.metal_id = g.metal_id AND c.kinds = g.kinds AND c.price_cents = g.price_cents;
  INSERT INTO catalog_offer_counts AS c (metal_id, kinds, price_cents, products)
  SELECT metal_id, kinds, price_cents, count(*)::int FROM new_rows GROUP BY metal_id, kinds, price_cents ORDER BY 1, 2, 3
  ON CONFLICT (metal_id, kinds, price_cents) DO UPDATE SET products = c.products + excluded.products;
  DELETE FROM catalog_offer_counts c USING (SELECT DISTINCT metal_id, kinds, price_cents FROM old_rows) g
  WHERE c.metal_id = g.metal_id AND c.kinds = g.kinds AND c.price_cents = g.price_cents AND c.products <= 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_offer_counts_on_insert AFTER INSERT ON catalog_offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offer_counts_add();
--> statement-breakpoint
CREATE TRIGGER catalog_offer_counts_on_delete AFTER DELETE ON catalog_offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offer_counts_remove();
--> statement-breakpoint
CREATE TRIGGER catalog_offer_counts_on_update AFTER UPDATE ON catalog_offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_offer_counts_change();
--> statement-breakpoint
-- A database that already has products gets their offers (and counts) now; from here on the triggers keep them.
SELECT catalog_offers_refresh(array(SELECT id FROM products));
