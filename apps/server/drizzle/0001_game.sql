CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_scores" (
	"board" text NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"profile_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_scores_board_week_start_profile_id_pk" PRIMARY KEY("board","week_start","profile_id")
);
--> statement-breakpoint
CREATE TABLE "daily_usage" (
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" text NOT NULL,
	"mission_id" integer,
	CONSTRAINT "daily_usage_profile_id_kind_day_pk" PRIMARY KEY("profile_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "heroes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "heroes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"rarity" smallint NOT NULL,
	"sex" smallint NOT NULL,
	"element" smallint NOT NULL,
	"generation" smallint DEFAULT 0 NOT NULL,
	"skills" smallint[] NOT NULL,
	"residence_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "heroes_rarity_range" CHECK ("heroes"."rarity" between 0 and 4),
	CONSTRAINT "heroes_skills_len" CHECK (cardinality("heroes"."skills") = 8)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "land_elements" (
	"land_id" integer NOT NULL,
	"element" smallint NOT NULL,
	"tower_level" smallint DEFAULT 0 NOT NULL,
	"seals" smallint DEFAULT 0 NOT NULL,
	"shards" integer DEFAULT 0 NOT NULL,
	"vault_volume" numeric(24, 6) DEFAULT 0 NOT NULL,
	"vault_at" timestamp with time zone NOT NULL,
	CONSTRAINT "land_elements_land_id_element_pk" PRIMARY KEY("land_id","element"),
	CONSTRAINT "land_elements_element_range" CHECK ("land_elements"."element" between 0 and 3),
	CONSTRAINT "land_elements_tower_range" CHECK ("land_elements"."tower_level" between 0 and 10),
	CONSTRAINT "land_elements_seals_range" CHECK ("land_elements"."seals" between 0 and 5),
	CONSTRAINT "land_elements_shards_nonnegative" CHECK ("land_elements"."shards" >= 0),
	CONSTRAINT "land_elements_vault_nonnegative" CHECK ("land_elements"."vault_volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "land_items" (
	"land_id" integer NOT NULL,
	"item_code" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "land_items_land_id_item_code_pk" PRIMARY KEY("land_id","item_code"),
	CONSTRAINT "land_items_balance_nonnegative" CHECK ("land_items"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text,
	"continent" smallint NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"terrain" smallint NOT NULL,
	"element" smallint NOT NULL,
	"gold_leftover" numeric(24, 6) DEFAULT 0 NOT NULL,
	"gold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lands_gold_nonnegative" CHECK ("lands"."gold_leftover" >= 0),
	CONSTRAINT "lands_continent_range" CHECK ("lands"."continent" between 0 and 1),
	CONSTRAINT "lands_xy_range" CHECK ("lands"."x" between 0 and 499 and "lands"."y" between 0 and 499),
	CONSTRAINT "lands_terrain_range" CHECK ("lands"."terrain" between 0 and 4),
	CONSTRAINT "lands_element_range" CHECK ("lands"."element" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"asset" text NOT NULL,
	"land_id" integer,
	"element" smallint,
	"item_code" text,
	"delta" numeric(24, 6) NOT NULL,
	"cause" text NOT NULL,
	"cause_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"sender_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"announcement_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"hero_id" integer NOT NULL,
	"land_id" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"seed" bigint NOT NULL,
	"reservation" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"eta" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"settled_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "missions_status_values" CHECK ("missions"."status" in ('running', 'settled'))
);
--> statement-breakpoint
CREATE TABLE "world_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"demo" text
);
--> statement-breakpoint
ALTER TABLE "board_scores" ADD CONSTRAINT "board_scores_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_residence_id_lands_id_fk" FOREIGN KEY ("residence_id") REFERENCES "public"."lands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_elements" ADD CONSTRAINT "land_elements_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_items" ADD CONSTRAINT "land_items_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_items" ADD CONSTRAINT "land_items_item_code_items_code_fk" FOREIGN KEY ("item_code") REFERENCES "public"."items"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lands" ADD CONSTRAINT "lands_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_hero_id_heroes_id_fk" FOREIGN KEY ("hero_id") REFERENCES "public"."heroes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_land_id_lands_id_fk" FOREIGN KEY ("land_id") REFERENCES "public"."lands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_scores_rank_idx" ON "board_scores" USING btree ("board","week_start","score" DESC NULLS LAST,"reached_at","profile_id");--> statement-breakpoint
CREATE INDEX "heroes_owner_idx" ON "heroes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "heroes_residence_idx" ON "heroes" USING btree ("residence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lands_slot_key" ON "lands" USING btree ("continent","x","y");--> statement-breakpoint
CREATE INDEX "lands_owner_idx" ON "lands" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "ledger_profile_idx" ON "ledger" USING btree ("profile_id","asset");--> statement-breakpoint
CREATE INDEX "ledger_land_idx" ON "ledger" USING btree ("land_id");--> statement-breakpoint
CREATE INDEX "messages_profile_idx" ON "messages" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("profile_id") WHERE "messages"."read_at" is null and "messages"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "missions_one_running_per_hero" ON "missions" USING btree ("hero_id") WHERE "missions"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "missions_one_goldclaim_per_land" ON "missions" USING btree ("land_id") WHERE "missions"."status" = 'running' and "missions"."type" = 'GOLDCLAIM';--> statement-breakpoint
CREATE INDEX "missions_due_idx" ON "missions" USING btree ("eta") WHERE "missions"."status" = 'running';--> statement-breakpoint
CREATE INDEX "missions_running_profile_idx" ON "missions" USING btree ("profile_id") WHERE "missions"."status" = 'running';