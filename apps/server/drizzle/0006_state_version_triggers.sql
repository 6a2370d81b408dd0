-- Every change to what a player's cached reads depend on bumps profiles.state_version, so a
-- cache entry tagged with a version is exactly as fresh as that number. Triggers (rather than
-- calls in each service) make it impossible for a write path to forget. A transaction that
-- bumps versions itself in bulk (settlement) sets aleph.defer_versions = 'on' for its duration.
CREATE OR REPLACE FUNCTION aleph_bump_versions(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR coalesce(current_setting('aleph.defer_versions', true), '') = 'on' THEN
    RETURN;
  END IF;
  -- Row locks in id order, so two statements bumping several profiles cannot deadlock.
  PERFORM 1 FROM profiles WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE profiles SET state_version = state_version + 1 WHERE id = ANY(ids);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_touch_by_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO ids;
  PERFORM aleph_bump_versions(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_touch_by_land() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  SELECT array_agg(DISTINCT l.owner_id) INTO ids FROM lands l WHERE l.id IN (SELECT land_id FROM changed);
  PERFORM aleph_bump_versions(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_profile_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state_version = OLD.state_version
     AND (NEW.gold, NEW.platinum, NEW.xp, NEW.level, NEW.vip_points, NEW.nickname)
         IS DISTINCT FROM (OLD.gold, OLD.platinum, OLD.xp, OLD.level, OLD.vip_points, OLD.nickname) THEN
    NEW.state_version := OLD.state_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_version BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION aleph_profile_version();
--> statement-breakpoint
CREATE TRIGGER heroes_touch_ins AFTER INSERT ON heroes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER heroes_touch_upd AFTER UPDATE ON heroes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER heroes_touch_del AFTER DELETE ON heroes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER lands_touch_ins AFTER INSERT ON lands REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER lands_touch_upd AFTER UPDATE ON lands REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER lands_touch_del AFTER DELETE ON lands REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('owner_id');
--> statement-breakpoint
CREATE TRIGGER missions_touch_ins AFTER INSERT ON missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER missions_touch_upd AFTER UPDATE ON missions REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER missions_touch_del AFTER DELETE ON missions REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER daily_usage_touch_ins AFTER INSERT ON daily_usage REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER daily_usage_touch_del AFTER DELETE ON daily_usage REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER messages_touch_ins AFTER INSERT ON messages REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER messages_touch_upd AFTER UPDATE ON messages REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER messages_touch_del AFTER DELETE ON messages REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER board_scores_touch_ins AFTER INSERT ON board_scores REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER board_scores_touch_upd AFTER UPDATE ON board_scores REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_profile('profile_id');
--> statement-breakpoint
CREATE TRIGGER land_elements_touch_ins AFTER INSERT ON land_elements REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_land();
--> statement-breakpoint
CREATE TRIGGER land_elements_touch_upd AFTER UPDATE ON land_elements REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_land();
--> statement-breakpoint
CREATE TRIGGER land_items_touch_ins AFTER INSERT ON land_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_land();
--> statement-breakpoint
CREATE TRIGGER land_items_touch_upd AFTER UPDATE ON land_items REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_land();
--> statement-breakpoint
CREATE TRIGGER land_items_touch_del AFTER DELETE ON land_items REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_touch_by_land();
