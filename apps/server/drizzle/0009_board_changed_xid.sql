-- Boards re-read only the rows changed since their last read: each row remembers the
-- transaction that last wrote it, and a reader that saw snapshot xmin X later asks for the rows
-- whose writer is X or newer (every transaction below X was finished and visible to it).
ALTER TABLE "board_scores" ADD COLUMN "changed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "board_scores_changed_idx" ON "board_scores" USING btree ("board","week_start","changed_xid");