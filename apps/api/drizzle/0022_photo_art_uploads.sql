CREATE TABLE "photo_art_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"cart_item_id" uuid,
	"order_line_id" uuid,
	"preview_key" text NOT NULL,
	"print_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"print_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_art_uploads" ADD CONSTRAINT "photo_art_uploads_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_art_uploads" ADD CONSTRAINT "photo_art_uploads_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_art_uploads_cart_item_idx" ON "photo_art_uploads" USING btree ("cart_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_art_uploads_order_line_idx" ON "photo_art_uploads" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "photo_art_uploads_unordered_idx" ON "photo_art_uploads" USING btree ("created_at") WHERE "photo_art_uploads"."order_line_id" is null;