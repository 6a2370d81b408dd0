CREATE TABLE "achievement_earners" (
	"code" text PRIMARY KEY NOT NULL,
	"earners" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievement_progress" (
	"profile_id" integer NOT NULL,
	"metric" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "achievement_progress_profile_id_metric_pk" PRIMARY KEY("profile_id","metric")
);
--> statement-breakpoint
CREATE TABLE "achievements_earned" (
	"profile_id" integer NOT NULL,
	"code" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "achievements_earned_profile_id_code_pk" PRIMARY KEY("profile_id","code")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "power" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "frame" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "achievement_progress" ADD CONSTRAINT "achievement_progress_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements_earned" ADD CONSTRAINT "achievements_earned_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_power_rank_idx" ON "profiles" USING btree ("power" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "missions_log_idx" ON "missions" USING btree ("profile_id","eta","id","type","hero_id","land_id",(("result" ->> 'success')::boolean)) WHERE "missions"."status" = 'settled';