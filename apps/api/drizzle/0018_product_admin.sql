ALTER TABLE "product_prices" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- ===== Hand-written SQL (products in the admin): copy it as it is when renumbering. =====
-- catalog_listings leaves out retired products, and lists a metal marked unavailable (sold out) as unavailable, as it
-- lists a metal without a price. The NOTIFY catalog_changed triggers of migration 0004 still fire on every change.
CREATE OR REPLACE FUNCTION catalog_listings_add_categories() RETURNS trigger AS $$
BEGIN
  INSERT INTO catalog_listings (category_id, metal_id, product_id, unavailable, name, price_cents, units_sold, created_at, kinds)
  SELECT n.category_id, m.id, p.id, pp.price_cents IS NULL OR NOT pp.available, p.name, pp.price_cents, p.units_sold, p.created_at,
    product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days)
  FROM new_rows n
  JOIN products p ON p.id = n.product_id AND p.retired_at IS NULL
  CROSS JOIN metals m
  LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.metal_id = m.id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_listings_set_prices() RETURNS trigger AS $$
BEGIN
  UPDATE catalog_listings l SET price_cents = n.price_cents, unavailable = NOT n.available
  FROM new_rows n WHERE l.product_id = n.product_id AND l.metal_id = n.metal_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A retired product leaves every listing; a restored one (on sale again, with no listing rows) comes back in each
-- of its categories. The NOT EXISTS keeps the common update (units sold, a rename) from re-reading its categories.
CREATE OR REPLACE FUNCTION catalog_listings_update_products() RETURNS trigger AS $$
BEGIN
  UPDATE catalog_listings l SET name = n.name, units_sold = n.units_sold, created_at = n.created_at,
    kinds = product_listing_kinds(n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days)
  FROM new_rows n WHERE l.product_id = n.id
    AND (l.name, l.units_sold, l.created_at, l.kinds) IS DISTINCT FROM
      (n.name, n.units_sold, n.created_at, product_listing_kinds(n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days));
  DELETE FROM catalog_listings l USING new_rows n WHERE l.product_id = n.id AND n.retired_at IS NOT NULL;
  INSERT INTO catalog_listings (category_id, metal_id, product_id, unavailable, name, price_cents, units_sold, created_at, kinds)
  SELECT pc.category_id, m.id, n.id, pp.price_cents IS NULL OR NOT pp.available, n.name, pp.price_cents, n.units_sold, n.created_at,
    product_listing_kinds(n.kind, n.engraving_max_chars, n.is_photo_art, n.lead_time_max_days)
  FROM new_rows n
  JOIN product_categories pc ON pc.product_id = n.id
  CROSS JOIN metals m
  LEFT JOIN product_prices pp ON pp.product_id = n.id AND pp.metal_id = m.id
  WHERE n.retired_at IS NULL AND NOT EXISTS (SELECT 1 FROM catalog_listings l WHERE l.product_id = n.id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- ===== End of hand-written SQL =====
