CREATE TABLE "bazaar_bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bazaar_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"bidder_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "bazaar_bids_amount_positive" CHECK ("bazaar_bids"."amount" > 0),
	CONSTRAINT "bazaar_bids_status_values" CHECK ("bazaar_bids"."status" in ('held', 'released', 'won'))
);
--> statement-breakpoint
CREATE TABLE "bazaar_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bazaar_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"hero_id" integer,
	"land_id" integer,
	"item" text,
	"source_land_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"good_key" text NOT NULL,
	"rarity" smallint,
	"element" smallint,
	"terrain" smallint,
	"level" smallint,
	"skills" smallint[],
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"auction_days" smallint,
	"start_price" bigint,
	"buy_now" bigint,
	"current_bid" bigint,
	"bidder_id" integer,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"listing_fee" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"buyer_id" integer,
	"sale_price" bigint,
	"sale_fee" bigint,
	"cancelled_by" integer,
	"cancel_reason" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"request" jsonb,
	CONSTRAINT "bazaar_listings_kind_values" CHECK ("bazaar_listings"."kind" in ('hero', 'land', 'goods')),
	CONSTRAINT "bazaar_listings_currency_values" CHECK ("bazaar_listings"."currency" in ('gold', 'platinum')),
	CONSTRAINT "bazaar_listings_status_values" CHECK ("bazaar_listings"."status" in ('open', 'sold', 'cancelled', 'expired')),
	CONSTRAINT "bazaar_listings_price_positive" CHECK ("bazaar_listings"."price" > 0),
	CONSTRAINT "bazaar_listings_quantity_positive" CHECK ("bazaar_listings"."quantity" > 0),
	CONSTRAINT "bazaar_listings_fee_nonnegative" CHECK ("bazaar_listings"."listing_fee" >= 0),
	CONSTRAINT "bazaar_listings_bid_count_nonnegative" CHECK ("bazaar_listings"."bid_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bazaar_bids" ADD CONSTRAINT "bazaar_bids_listing_id_bazaar_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."bazaar_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_bids" ADD CONSTRAINT "bazaar_bids_bidder_id_profiles_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_hero_id_heroes_id_fk" FOREIGN KEY ("hero_id") REFERENCES "public"."heroes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_source_land_id_lands_id_fk" FOREIGN KEY ("source_land_id") REFERENCES "public"."lands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_bidder_id_profiles_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazaar_listings" ADD CONSTRAINT "bazaar_listings_buyer_id_profiles_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bazaar_bids_one_held" ON "bazaar_bids" USING btree ("listing_id") WHERE "bazaar_bids"."status" = 'held';--> statement-breakpoint
CREATE INDEX "bazaar_bids_listing_idx" ON "bazaar_bids" USING btree ("listing_id","amount");--> statement-breakpoint
CREATE INDEX "bazaar_bids_bidder_idx" ON "bazaar_bids" USING btree ("bidder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bazaar_listings_idempotency_key" ON "bazaar_listings" USING btree ("seller_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bazaar_listings_one_open_hero" ON "bazaar_listings" USING btree ("hero_id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "bazaar_listings_one_open_land" ON "bazaar_listings" USING btree ("land_id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bazaar_listings_open_price_idx" ON "bazaar_listings" USING btree ("currency","price","id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bazaar_listings_open_kind_price_idx" ON "bazaar_listings" USING btree ("kind","currency","price","id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bazaar_listings_open_ends_idx" ON "bazaar_listings" USING btree ("ends_at","id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bazaar_listings_open_new_idx" ON "bazaar_listings" USING btree ("created_at","id") WHERE "bazaar_listings"."status" = 'open';--> statement-breakpoint
CREATE INDEX "bazaar_listings_seller_idx" ON "bazaar_listings" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "bazaar_listings_buyer_idx" ON "bazaar_listings" USING btree ("buyer_id","closed_at") WHERE "bazaar_listings"."buyer_id" is not null;--> statement-breakpoint
CREATE INDEX "bazaar_listings_sold_idx" ON "bazaar_listings" USING btree ("good_key","currency","closed_at") WHERE "bazaar_listings"."status" = 'sold';