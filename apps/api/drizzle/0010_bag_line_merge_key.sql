ALTER TABLE "cart_items" ADD COLUMN "merge_key" text;--> statement-breakpoint
-- Bags already open: the first unengraved line of each product, metal and size is the one later adds grow.
UPDATE "cart_items" AS i SET "merge_key" = i."product_id" || ':' || i."metal_id" || ':' || coalesce(i."bracelet_size"::text, '')
FROM (
  SELECT DISTINCT ON (j."cart_id", j."product_id", j."metal_id", j."bracelet_size") j."id"
  FROM "cart_items" j
  WHERE j."kind" = 'product' AND NOT EXISTS (SELECT 1 FROM "cart_item_specifics" s WHERE s."item_id" = j."id")
  ORDER BY j."cart_id", j."product_id", j."metal_id", j."bracelet_size", j."created_at", j."id"
) AS first
WHERE i."id" = first."id";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_merge_idx" ON "cart_items" USING btree ("cart_id","merge_key");--> statement-breakpoint
-- Deleting a line cascades to its engraving line through parent_item_id; without an index each delete scans the table.
CREATE INDEX "cart_items_parent_idx" ON "cart_items" USING btree ("parent_item_id");
