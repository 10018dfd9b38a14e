-- Each order's index of catalog_listings and catalog_offers gains the columns a page shows (decision 0048). The new
-- indexes are built first under temporary names: building takes a lock that lets pages be read while catalog writes
-- wait. The old ones are dropped at the end (dropping locks the tables for reads too, but only until the migration's
-- transaction commits), and the new ones take their names.
CREATE INDEX "catalog_listings_by_name_idx_0029" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","name","product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_newest_idx_0029" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","created_at" DESC NULLS LAST,"product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_sales_idx_0029" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","units_sold" DESC NULLS LAST,"product_id","price_cents");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_name_idx_0029" ON "catalog_offers" USING btree ("metal_id","name","product_id","price_cents","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_idx_0029" ON "catalog_offers" USING btree ("metal_id","price_cents","name","product_id","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_price_desc_idx_0029" ON "catalog_offers" USING btree ("metal_id","price_cents" DESC NULLS LAST,"name","product_id","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_newest_idx_0029" ON "catalog_offers" USING btree ("metal_id","created_at" DESC NULLS LAST,"product_id","price_cents","available");--> statement-breakpoint
CREATE INDEX "catalog_offers_by_sales_idx_0029" ON "catalog_offers" USING btree ("metal_id","units_sold" DESC NULLS LAST,"product_id","price_cents","available");--> statement-breakpoint
DROP INDEX "catalog_listings_by_name_idx";--> statement-breakpoint
DROP INDEX "catalog_listings_by_newest_idx";--> statement-breakpoint
DROP INDEX "catalog_listings_by_sales_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_name_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_price_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_price_desc_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_newest_idx";--> statement-breakpoint
DROP INDEX "catalog_offers_by_sales_idx";--> statement-breakpoint
ALTER INDEX "catalog_listings_by_name_idx_0029" RENAME TO "catalog_listings_by_name_idx";--> statement-breakpoint
ALTER INDEX "catalog_listings_by_newest_idx_0029" RENAME TO "catalog_listings_by_newest_idx";--> statement-breakpoint
ALTER INDEX "catalog_listings_by_sales_idx_0029" RENAME TO "catalog_listings_by_sales_idx";--> statement-breakpoint
ALTER INDEX "catalog_offers_by_name_idx_0029" RENAME TO "catalog_offers_by_name_idx";--> statement-breakpoint
ALTER INDEX "catalog_offers_by_price_idx_0029" RENAME TO "catalog_offers_by_price_idx";--> statement-breakpoint
ALTER INDEX "catalog_offers_by_price_desc_idx_0029" RENAME TO "catalog_offers_by_price_desc_idx";--> statement-breakpoint
ALTER INDEX "catalog_offers_by_newest_idx_0029" RENAME TO "catalog_offers_by_newest_idx";--> statement-breakpoint
ALTER INDEX "catalog_offers_by_sales_idx_0029" RENAME TO "catalog_offers_by_sales_idx";
