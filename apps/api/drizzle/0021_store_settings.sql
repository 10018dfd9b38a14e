CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text NOT NULL,
	"phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"orders_email" text NOT NULL,
	"photoart_email" text NOT NULL,
	"facebook_url" text,
	"pinterest_url" text,
	"twitter_url" text,
	"ground_shipping_cents" integer NOT NULL,
	"two_day_shipping_cents" integer NOT NULL,
	"next_day_shipping_cents" integer NOT NULL,
	"saturday_shipping_cents" integer NOT NULL,
	"engraving_cents_per_character" integer NOT NULL,
	"engraving_free_metal_ids" integer[] NOT NULL,
	"assembly_fee_cents" integer NOT NULL,
	"same_day_cutoff" text NOT NULL,
	"time_zone" text NOT NULL,
	"closure_days" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_prices" CHECK ("store_settings"."ground_shipping_cents" >= 0 and "store_settings"."two_day_shipping_cents" >= 0 and "store_settings"."next_day_shipping_cents" >= 0 and "store_settings"."saturday_shipping_cents" >= 0 and "store_settings"."engraving_cents_per_character" > 0 and "store_settings"."assembly_fee_cents" > 0)
);

--> statement-breakpoint
-- Hand-written (store settings): the one row, with the values the store ran with before they were settings, and
-- the trigger that tells every instance to drop its cached copy (as the catalog tables do, migration 0004).
INSERT INTO "store_settings" ("id", "store_name", "phone", "contact_email", "orders_email", "photoart_email",
  "ground_shipping_cents", "two_day_shipping_cents", "next_day_shipping_cents", "saturday_shipping_cents",
  "engraving_cents_per_character", "engraving_free_metal_ids", "assembly_fee_cents", "same_day_cutoff", "time_zone", "closure_days")
VALUES (1, 'Charm & Bracelet Co.', '1-800-555-0142', 'help@charms.example', 'orders@charms.example', 'photoart@charms.example',
  0, 1475, 2495, 3975, 75, '{10,20,30}', 995, '12:00', 'America/Chicago', '{}')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER store_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
