-- The profiles rating's power (docs/decisions/0011-records.md): kept by triggers, so every
-- writer of lands, towers, heroes and levels (missions, mint, trades, the demo world) keeps
-- it current in its own transaction. The weights mirror RECORDS_CONFIG.rating in the rules.
CREATE OR REPLACE FUNCTION aleph_assets_power(pid int) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(round((10 + 10 * e.tower_level) * (ARRAY[1.0, 1.1, 1.25, 1.5, 2.0]::numeric[])[l.terrain + 1]) + 10 * (1 + e.tower_level))
      FROM lands l JOIN land_elements e ON e.land_id = l.id WHERE l.owner_id = pid), 0)::bigint
    + coalesce((SELECT sum((SELECT sum(s) FROM unnest(h.skills || h.upskills) s) + 100 * h.level)
      FROM heroes h WHERE h.owner_id = pid), 0)::bigint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_power_refresh(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE profiles p SET power = p.level::bigint * 1000 + aleph_assets_power(p.id)
  WHERE p.id IN (SELECT DISTINCT unnest(ids) ORDER BY 1);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_power_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.power := NEW.power + (NEW.level - OLD.level)::bigint * 1000;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_power_level BEFORE UPDATE OF level ON profiles FOR EACH ROW
  WHEN (OLD.level IS DISTINCT FROM NEW.level) EXECUTE FUNCTION aleph_power_level();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_power_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'land_elements' THEN
    PERFORM aleph_power_refresh(ARRAY(SELECT owner_id FROM lands WHERE id IN (OLD.land_id, NEW.land_id)));
  ELSE
    PERFORM aleph_power_refresh(ARRAY[OLD.owner_id, NEW.owner_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_power_new_owners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'land_elements' THEN
    PERFORM aleph_power_refresh(ARRAY(SELECT l.owner_id FROM lands l WHERE l.id IN (SELECT land_id FROM changed)));
  ELSE
    PERFORM aleph_power_refresh(ARRAY(SELECT owner_id FROM changed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER land_elements_power_ins AFTER INSERT ON land_elements REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_power_new_owners();
--> statement-breakpoint
CREATE TRIGGER land_elements_power_del AFTER DELETE ON land_elements REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_power_new_owners();
--> statement-breakpoint
-- Vault changes update land_elements all the time: the WHEN clause keeps them from calling anything.
CREATE TRIGGER land_elements_power_upd AFTER UPDATE ON land_elements FOR EACH ROW
  WHEN (OLD.tower_level IS DISTINCT FROM NEW.tower_level OR OLD.land_id IS DISTINCT FROM NEW.land_id)
  EXECUTE FUNCTION aleph_power_rows();
--> statement-breakpoint
CREATE TRIGGER lands_power_del AFTER DELETE ON lands REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_power_new_owners();
--> statement-breakpoint
CREATE TRIGGER lands_power_upd AFTER UPDATE ON lands FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.terrain) IS DISTINCT FROM (NEW.owner_id, NEW.terrain))
  EXECUTE FUNCTION aleph_power_rows();
--> statement-breakpoint
CREATE TRIGGER heroes_power_ins AFTER INSERT ON heroes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_power_new_owners();
--> statement-breakpoint
CREATE TRIGGER heroes_power_del AFTER DELETE ON heroes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_power_new_owners();
--> statement-breakpoint
CREATE TRIGGER heroes_power_upd AFTER UPDATE ON heroes FOR EACH ROW
  WHEN ((OLD.owner_id, OLD.skills, OLD.upskills, OLD.level) IS DISTINCT FROM (NEW.owner_id, NEW.skills, NEW.upskills, NEW.level))
  EXECUTE FUNCTION aleph_power_rows();
--> statement-breakpoint
UPDATE profiles SET power = level::bigint * 1000 + aleph_assets_power(id);
