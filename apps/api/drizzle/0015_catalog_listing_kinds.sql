ALTER TABLE "catalog_listings" ADD COLUMN "kinds" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_listings_counts_idx" ON "catalog_listings" USING btree ("category_id","metal_id","kinds","price_cents");--> statement-breakpoint
-- The kinds a listing is filtered by, as bits: 1 charm, 2 bracelet, 4 engravable, 8 PhotoArt, 16 made to order
-- (KIND_BITS in apps/api/src/services/catalog-listing.ts names the same bits).
CREATE OR REPLACE FUNCTION product_listing_kinds(kind text, engraving_max_chars smallint, is_photo_art boolean, lead_time_max_days smallint)
RETURNS smallint AS $$
  SELECT ((CASE WHEN kind = 'charm' THEN 1 ELSE 0 END)
    | (CASE WHEN kind = 'bracelet' THEN 2 ELSE 0 END)
    | (CASE WHEN coalesce(engraving_max_chars, 0) > 0 THEN 4 ELSE 0 END)
    | (CASE WHEN is_photo_art THEN 8 ELSE 0 END)
    | (CASE WHEN lead_time_max_days IS NOT NULL THEN 16 ELSE 0 END))::smallint
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listings_add_categories() RETURNS trigger AS $$
BEGIN
  INSERT INTO catalog_listings (category_id, metal_id, product_id, unavailable, name, price_cents, units_sold, created_at, kinds)
  SELECT n.category_id, m.id, p.id, pp.price_cents IS NULL, p.name, pp.price_cents, p.units_sold, p.created_at,
    product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days)
  FROM new_rows n
  JOIN products p ON p.id = n.product_id
  CROSS JOIN metals m
  LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.metal_id = m.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listings_update_products() RETURNS trigger AS $$
BEGIN
  UPDATE catalog_listings l SET name = n.name, units_sold = n.units_sold, created_at = n.created_at,
    kinds = product_listing_kinds(n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days)
  FROM new_rows n WHERE l.product_id = n.id
    AND (l.name, l.units_sold, l.created_at, l.kinds) IS DISTINCT FROM
      (n.name, n.units_sold, n.created_at, product_listing_kinds(n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE catalog_listings l SET kinds = product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days)
FROM products p WHERE p.id = l.product_id;
