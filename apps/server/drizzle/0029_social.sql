CREATE TABLE "alliance_chat" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alliance_chat_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alliance_id" integer NOT NULL,
	"profile_id" integer,
	"nickname" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "alliance_chat_text_length" CHECK (char_length("alliance_chat"."text") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "alliance_departures" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"alliance_id" integer NOT NULL,
	"left_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alliance_members" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"alliance_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alliance_members_role" CHECK ("alliance_members"."role" in ('leader', 'officer', 'member'))
);
--> statement-breakpoint
CREATE TABLE "alliance_requests" (
	"alliance_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"by_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alliance_requests_alliance_id_profile_id_pk" PRIMARY KEY("alliance_id","profile_id"),
	CONSTRAINT "alliance_requests_kind" CHECK ("alliance_requests"."kind" in ('application', 'invitation')),
	CONSTRAINT "alliance_requests_text_length" CHECK (char_length("alliance_requests"."text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "alliance_scores" (
	"alliance_id" integer NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"profile_id" integer NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"gold" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "alliance_scores_alliance_id_week_start_profile_id_pk" PRIMARY KEY("alliance_id","week_start","profile_id")
);
--> statement-breakpoint
CREATE TABLE "alliance_weeks" (
	"week_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"rewarded" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alliances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alliances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"open" boolean NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"dissolved_at" timestamp with time zone,
	CONSTRAINT "alliances_members_not_negative" CHECK ("alliances"."member_count" >= 0),
	CONSTRAINT "alliances_description_length" CHECK (char_length("alliances"."description") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"profile_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blocks_profile_id_blocked_id_pk" PRIMARY KEY("profile_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."profile_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"requester_id" integer NOT NULL,
	"addressee_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_requester_id_addressee_id_pk" PRIMARY KEY("requester_id","addressee_id"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."requester_id" <> "friendships"."addressee_id")
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sent_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sender_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"message_id" integer
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "chat_line_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "quote" text;--> statement-breakpoint
ALTER TABLE "alliance_chat" ADD CONSTRAINT "alliance_chat_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_chat" ADD CONSTRAINT "alliance_chat_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_chat" ADD CONSTRAINT "alliance_chat_deleted_by_profiles_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_departures" ADD CONSTRAINT "alliance_departures_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_requests" ADD CONSTRAINT "alliance_requests_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_requests" ADD CONSTRAINT "alliance_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_requests" ADD CONSTRAINT "alliance_requests_by_id_profiles_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_scores" ADD CONSTRAINT "alliance_scores_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_scores" ADD CONSTRAINT "alliance_scores_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_profiles_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_profiles_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alliance_chat_alliance_idx" ON "alliance_chat" USING btree ("alliance_id","id");--> statement-breakpoint
CREATE INDEX "alliance_chat_author_idx" ON "alliance_chat" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "alliance_members_alliance_idx" ON "alliance_members" USING btree ("alliance_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_members_one_leader" ON "alliance_members" USING btree ("alliance_id") WHERE role = 'leader';--> statement-breakpoint
CREATE INDEX "alliance_requests_profile_idx" ON "alliance_requests" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "alliance_scores_week_idx" ON "alliance_scores" USING btree ("week_start","alliance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alliances_name_key" ON "alliances" USING btree (lower("name")) WHERE dissolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alliances_tag_key" ON "alliances" USING btree (upper("tag")) WHERE dissolved_at is null;--> statement-breakpoint
CREATE INDEX "alliances_open_idx" ON "alliances" USING btree ("open","id") WHERE dissolved_at is null;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair_key" ON "friendships" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "friendships_addressee_idx" ON "friendships" USING btree ("addressee_id");--> statement-breakpoint
CREATE INDEX "sent_messages_sender_idx" ON "sent_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "sent_messages_pair_idx" ON "sent_messages" USING btree ("sender_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "sent_messages_recipient_idx" ON "sent_messages" USING btree ("recipient_id","sender_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;