CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"message_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"staff_log_id" integer,
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('cheating', 'abusive_name', 'harassment', 'spam', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "reports_text_length" CHECK (char_length("reports"."text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"address_hash" text NOT NULL,
	"client_address" text,
	"user_agent" text,
	"device_id" text
);
--> statement-breakpoint
CREATE TABLE "staff_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"reason" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "world_state" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_key" ON "reports" USING btree ("reporter_id","target_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("status","target_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_ins_user_idx" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_address_idx" ON "sign_ins" USING btree ("address_hash","at");--> statement-breakpoint
CREATE INDEX "sign_ins_device_idx" ON "sign_ins" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "sign_ins_raw_address_idx" ON "sign_ins" USING btree ("at") WHERE client_address is not null;--> statement-breakpoint
CREATE INDEX "staff_log_target_idx" ON "staff_log" USING btree ("target_user_id","id");--> statement-breakpoint
CREATE INDEX "staff_log_action_idx" ON "staff_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "staff_log_actor_idx" ON "staff_log" USING btree ("actor_id","id");--> statement-breakpoint
ALTER TABLE "world_state" ADD CONSTRAINT "world_state_operator_id_profiles_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_login_prefix_idx" ON "users" USING btree ("login_lower" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_address_prefix_idx" ON "users" USING btree ("address" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('player', 'moderator', 'admin'));--> statement-breakpoint
-- The staff log is append-only (docs/operations.md, "Moderation"): no row is ever changed or
-- removed, whoever asks, so what staff did stays on record.
CREATE OR REPLACE FUNCTION aleph_staff_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER staff_log_no_update BEFORE UPDATE OR DELETE ON staff_log
  FOR EACH ROW EXECUTE FUNCTION aleph_staff_log_append_only();--> statement-breakpoint
CREATE TRIGGER staff_log_no_truncate BEFORE TRUNCATE ON staff_log
  FOR EACH STATEMENT EXECUTE FUNCTION aleph_staff_log_append_only();
