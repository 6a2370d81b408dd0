CREATE TABLE "open_streams" (
	"profile_id" integer NOT NULL,
	"process_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_streams_profile_id_process_id_pk" PRIMARY KEY("profile_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "push_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"dedupe" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "open_streams" ADD CONSTRAINT "open_streams_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_next_idx" ON "push_deliveries" USING btree ("next_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_idx" ON "push_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "push_queue_due_idx" ON "push_queue" USING btree ("not_before") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "push_queue_profile_idx" ON "push_queue" USING btree ("profile_id","kind","done_at");--> statement-breakpoint
CREATE INDEX "push_queue_done_idx" ON "push_queue" USING btree ("done_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_queue_dedupe_idx" ON "push_queue" USING btree ("profile_id","dedupe") WHERE dedupe is not null;