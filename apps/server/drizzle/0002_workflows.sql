CREATE TABLE "workflows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"target_level" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "workflows_status_values" CHECK ("workflows"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_one_pending" ON "workflows" USING btree ("profile_id","type") WHERE "workflows"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "workflows_pending_idx" ON "workflows" USING btree ("created_at") WHERE "workflows"."status" = 'pending';