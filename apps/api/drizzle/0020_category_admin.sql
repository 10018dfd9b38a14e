CREATE TABLE "category_slug_history" (
	"slug" text NOT NULL,
	"category_id" integer NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "menu_image" text;--> statement-breakpoint
ALTER TABLE "category_slug_history" ADD CONSTRAINT "category_slug_history_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_slug_history_slug_lower_idx" ON "category_slug_history" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "category_slug_history_category_idx" ON "category_slug_history" USING btree ("category_id");--> statement-breakpoint
-- Hand-written (copy with the migration): a change to old slugs changes which URLs redirect, so the storefront's
-- caches on every instance are dropped, as for the categories table itself (notify_catalog_changed, migration 0004).
CREATE TRIGGER category_slug_history_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_slug_history
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

