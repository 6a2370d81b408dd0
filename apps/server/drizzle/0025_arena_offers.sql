CREATE TABLE "arena_offers" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"opponents" integer[] NOT NULL,
	"offered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arena_offers" ADD CONSTRAINT "arena_offers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;