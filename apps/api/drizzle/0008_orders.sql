CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"metal_id" smallint,
	"bracelet_size" double precision,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"line_cents" integer NOT NULL,
	"engraving_text" text,
	"engraving_font" text,
	"is_photo_art" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"session_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_type_id" text NOT NULL,
	"shipping_type_name" text NOT NULL,
	"order_comments" text,
	"gift_message" text,
	"merchandise_cents" integer NOT NULL,
	"engraving_cents" integer NOT NULL,
	"assembly_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"promotion_id" integer,
	"promo_code" text,
	"estimated_ship_date" text NOT NULL,
	"payment_gateway" text NOT NULL,
	"payment_nonce" text NOT NULL,
	"payment_transaction_id" text,
	"card_description" text,
	"carrier" text,
	"tracking_number" text,
	"purchase_event_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"session_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"processor_response_code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "checkout_order_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_order_kind_idx" ON "email_outbox" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_session_idempotency_idx" ON "orders" USING btree ("session_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_nonce_idx" ON "orders" USING btree ("payment_nonce");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status");