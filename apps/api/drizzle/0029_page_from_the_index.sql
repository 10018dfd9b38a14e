DROP INDEX "catalog_listings_by_name_idx";--> statement-breakpoint
DROP INDEX "catalog_listings_by_newest_idx";--> statement-breakpoint
DROP INDEX "catalog_listings_by_sales_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_name_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_price_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_price_desc_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_newest_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_sales_idx";--> statement-breakpoint
CREATE INDEX "catalog_listings_by_name_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","name","product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_newest_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","created_at" DESC NULLS LAST,"product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_sales_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","units_sold" DESC NULLS LAST,"product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_name_idx" ON "catalog_offers" USING btree ("metal_id","name","product_id","price_cents","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_idx" ON "catalog_offers" USING btree ("metal_id","price_cents","name","product_id","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_desc_idx" ON "catalog_offers" USING btree ("metal_id","price_cents" DESC NULLS LAST,"name","product_id","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_newest_idx" ON "catalog_offers" USING btree ("metal_id","created_at" DESC NULLS LAST,"product_id","price_cents","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_sales_idx" ON "catalog_offers" USING btree ("metal_id","units_sold" DESC NULLS LAST,"product_id","price_cents","available");