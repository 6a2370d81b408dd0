ALTER TABLE "purchases" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "next_check_at" timestamp with time zone;