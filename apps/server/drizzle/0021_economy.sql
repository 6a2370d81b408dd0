CREATE TABLE "economy_requests" (
	"profile_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"action" text NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "economy_requests_profile_id_idempotency_key_pk" PRIMARY KEY("profile_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "lucky_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lucky_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"note" text,
	CONSTRAINT "lucky_events_span" CHECK ("lucky_events"."closes_at" >= "lucky_events"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "lucky_tosses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lucky_tosses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"land_id" integer NOT NULL,
	"seed" bigint NOT NULL,
	"prize" text NOT NULL,
	"amount" integer NOT NULL,
	"item_code" text,
	"element" smallint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_sales" (
	"profile_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"slot" smallint NOT NULL,
	"land_id" integer,
	"hero_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secret_sales_profile_id_window_start_slot_pk" PRIMARY KEY("profile_id","window_start","slot")
);
--> statement-breakpoint
CREATE TABLE "trader_pressure" (
	"good" text PRIMARY KEY NOT NULL,
	"pressure" double precision DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "trader_pressure_nonnegative" CHECK ("trader_pressure"."pressure" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trader_trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trader_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"land_id" integer NOT NULL,
	"good" text NOT NULL,
	"side" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" bigint NOT NULL,
	"pressure" double precision NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trader_trades_side_values" CHECK ("trader_trades"."side" in ('sell', 'buy')),
	CONSTRAINT "trader_trades_positive" CHECK ("trader_trades"."quantity" > 0 and "trader_trades"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "economy_requests" ADD CONSTRAINT "economy_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_tosses" ADD CONSTRAINT "lucky_tosses_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_sales" ADD CONSTRAINT "secret_sales_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_trades" ADD CONSTRAINT "trader_trades_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lucky_events_closes_idx" ON "lucky_events" USING btree ("closes_at");--> statement-breakpoint
CREATE INDEX "lucky_tosses_profile_idx" ON "lucky_tosses" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trader_trades_profile_idx" ON "trader_trades" USING btree ("profile_id","created_at");