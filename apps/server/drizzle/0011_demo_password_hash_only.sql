ALTER TABLE "world_state" ADD COLUMN "demo_created_at" timestamp with time zone;--> statement-breakpoint
-- The demo world's existence is kept; the clear-text password it held is dropped with the column.
UPDATE "world_state" SET "demo_created_at" = "created_at" WHERE "demo" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "world_state" DROP COLUMN "demo";
