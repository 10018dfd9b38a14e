CREATE TABLE "catalog_listings" (
	"category_id" integer NOT NULL,
	"metal_id" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"unavailable" boolean NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer,
	"units_sold" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_listings_category_id_metal_id_product_id_pk" PRIMARY KEY("category_id","metal_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "catalog_listings_product_idx" ON "catalog_listings" USING btree ("product_id","metal_id");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_name_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_price_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","price_cents","name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_price_desc_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","price_cents" DESC NULLS LAST,"name","product_id");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_newest_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","created_at" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "catalog_listings_by_sales_idx" ON "catalog_listings" USING btree ("category_id","metal_id","unavailable","units_sold" DESC NULLS LAST,"product_id");