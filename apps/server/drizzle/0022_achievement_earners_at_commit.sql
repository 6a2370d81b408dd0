-- The rarity count of an achievement (achievement_earners, docs/game-rules.md, Achievements)
-- grows by one for every earning, at the commit of the transaction that earned it: a deferred
-- trigger, so the one earners row every earning of an achievement updates is locked only
-- while the transaction commits, not from the earning to the commit (an arena attack that won
-- its first battle held it through its later statements, and the next first wins queued on it:
-- docs/performance.md, Arena). The earning itself stays an `on conflict do nothing` insert, so
-- it is counted exactly once; a rolled-back earning never fires. Earnings inserted in one
-- statement fire in its row order (countProgress inserts them by code), so two transactions
-- take the rows of several achievements in the same order.
CREATE OR REPLACE FUNCTION aleph_achievement_earner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO achievement_earners (code, earners) VALUES (NEW.code, 1)
    ON CONFLICT (code) DO UPDATE SET earners = achievement_earners.earners + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER achievements_earned_earners AFTER INSERT ON achievements_earned
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION aleph_achievement_earner();
