CREATE TABLE "quest_rewards" (
	"profile_id" integer NOT NULL,
	"goal" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quest_rewards_profile_id_goal_pk" PRIMARY KEY("profile_id","goal")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "market_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quests_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "world_state" ADD COLUMN "veteran_id" integer;--> statement-breakpoint
ALTER TABLE "quest_rewards" ADD CONSTRAINT "quest_rewards_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_state" ADD CONSTRAINT "world_state_veteran_id_profiles_id_fk" FOREIGN KEY ("veteran_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_read_report_idx" ON "messages" USING btree ("profile_id") WHERE "messages"."kind" = 'mission' and "messages"."read_at" is not null;--> statement-breakpoint
CREATE INDEX "missions_settled_profile_type_idx" ON "missions" USING btree ("profile_id","type") WHERE "missions"."status" = 'settled';