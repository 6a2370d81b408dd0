ALTER TABLE "heroes" ADD COLUMN "level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "heroes" ADD COLUMN "xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "heroes" ADD COLUMN "upskills" smallint[] DEFAULT '{0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "heroes" ADD COLUMN "pot_skill" smallint;--> statement-breakpoint
ALTER TABLE "heroes" ADD COLUMN "pot_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "land_elements" ADD COLUMN "seal_steps" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_level_range" CHECK ("heroes"."level" between 0 and 5);--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_xp_nonnegative" CHECK ("heroes"."xp" >= 0);--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_upskills_len" CHECK (cardinality("heroes"."upskills") = 8);--> statement-breakpoint
ALTER TABLE "land_elements" ADD CONSTRAINT "land_elements_seal_steps_range" CHECK ("land_elements"."seal_steps" between 0 and 5);