CREATE TABLE "purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"package_id" text,
	"platinum" bigint NOT NULL,
	"price_wei" numeric(78, 0),
	"provider" text,
	"tx_hash" text,
	"chain_id" integer,
	"seed" bigint,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "purchases_kind_values" CHECK ("purchases"."kind" in ('platinum', 'mint_land', 'mint_hero')),
	CONSTRAINT "purchases_status_values" CHECK ("purchases"."status" in ('pending', 'confirmed', 'refused')),
	CONSTRAINT "purchases_key_length" CHECK (char_length("purchases"."idempotency_key") between 8 and 100),
	CONSTRAINT "purchases_platinum_sign" CHECK (("purchases"."kind" = 'platinum') = ("purchases"."platinum" > 0) and "purchases"."platinum" <> 0),
	CONSTRAINT "purchases_package_shape" CHECK (("purchases"."kind" = 'platinum') = ("purchases"."package_id" is not null and "purchases"."price_wei" is not null and "purchases"."provider" is not null)),
	CONSTRAINT "purchases_seed_shape" CHECK (("purchases"."kind" = 'platinum') = ("purchases"."seed" is null)),
	CONSTRAINT "purchases_mints_confirmed" CHECK ("purchases"."kind" = 'platinum' or "purchases"."status" = 'confirmed'),
	CONSTRAINT "purchases_confirmed_at" CHECK (("purchases"."status" = 'confirmed') = ("purchases"."confirmed_at" is not null)),
	CONSTRAINT "purchases_tx_hash_format" CHECK ("purchases"."tx_hash" ~ '^0x[0-9a-f]{64}$'),
	CONSTRAINT "purchases_provider_values" CHECK ("purchases"."provider" in ('sandbox', 'onchain'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_idempotency_key" ON "purchases" USING btree ("profile_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_tx_hash_key" ON "purchases" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "purchases_history_idx" ON "purchases" USING btree ("profile_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);