CREATE TABLE "unique_entries" (
	"event_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"hero_id" integer NOT NULL,
	"mission_id" integer,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unique_entries_pk" PRIMARY KEY("event_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "unique_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unique_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"places_left" integer NOT NULL,
	"skill" smallint NOT NULL,
	"min_skill" smallint NOT NULL,
	"min_rarity" smallint,
	"reward" jsonb NOT NULL,
	"base_minutes" integer NOT NULL,
	"duration_skill" smallint NOT NULL,
	"week_key" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unique_events_places_left_range" CHECK ("unique_events"."places_left" >= 0 and "unique_events"."places_left" <= "unique_events"."places"),
	CONSTRAINT "unique_events_dates" CHECK ("unique_events"."ends_at" > "unique_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "unique_entries" ADD CONSTRAINT "unique_entries_event_id_unique_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."unique_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_entries" ADD CONSTRAINT "unique_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_entries" ADD CONSTRAINT "unique_entries_hero_id_heroes_id_fk" FOREIGN KEY ("hero_id") REFERENCES "public"."heroes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_entries" ADD CONSTRAINT "unique_entries_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unique_entries_profile_idx" ON "unique_entries" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unique_events_week_key" ON "unique_events" USING btree ("week_key");--> statement-breakpoint
CREATE INDEX "unique_events_ends_idx" ON "unique_events" USING btree ("ends_at");