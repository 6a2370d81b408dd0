CREATE TABLE "arena_battles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arena_battles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attacker_id" integer NOT NULL,
	"defender_id" integer NOT NULL,
	"seed" integer NOT NULL,
	"attackers" jsonb NOT NULL,
	"defenders" jsonb NOT NULL,
	"winner" text NOT NULL,
	"attacker_change" integer NOT NULL,
	"defender_change" integer NOT NULL,
	"attacker_rating" integer NOT NULL,
	"defender_rating" integer NOT NULL,
	"day" text NOT NULL,
	"week" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "arena_battles_winner" CHECK ("arena_battles"."winner" in ('attacker', 'defender')),
	CONSTRAINT "arena_battles_not_self" CHECK ("arena_battles"."attacker_id" <> "arena_battles"."defender_id")
);
--> statement-breakpoint
CREATE TABLE "arena_players" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"rating" integer DEFAULT 1000 NOT NULL,
	"defence" integer[] DEFAULT '{}'::int[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arena_weeks" (
	"week" text PRIMARY KEY NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"rewarded" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arena_battles" ADD CONSTRAINT "arena_battles_attacker_id_profiles_id_fk" FOREIGN KEY ("attacker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_battles" ADD CONSTRAINT "arena_battles_defender_id_profiles_id_fk" FOREIGN KEY ("defender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_players" ADD CONSTRAINT "arena_players_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_battles_attacker_idx" ON "arena_battles" USING btree ("attacker_id","id");--> statement-breakpoint
CREATE INDEX "arena_battles_defender_idx" ON "arena_battles" USING btree ("defender_id","id");--> statement-breakpoint
CREATE INDEX "arena_battles_attacker_day_idx" ON "arena_battles" USING btree ("attacker_id","day");--> statement-breakpoint
CREATE INDEX "arena_battles_week_idx" ON "arena_battles" USING btree ("week");--> statement-breakpoint
CREATE INDEX "arena_players_rating_idx" ON "arena_players" USING btree ("rating");