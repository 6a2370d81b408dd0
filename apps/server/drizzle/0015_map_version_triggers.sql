-- The map's version per continent (docs/decisions/0009-world-map.md): triggers rather than calls
-- in each service, so no path that creates or removes a land (mint, starter grant, demo, a
-- deleted account) can leave the cached map stale.
INSERT INTO map_versions (continent, version) VALUES (0, 0), (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_map_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Continent order, so two statements touching both continents cannot deadlock.
  PERFORM 1 FROM map_versions WHERE continent IN (SELECT continent FROM changed) ORDER BY continent FOR UPDATE;
  UPDATE map_versions SET version = version + 1 WHERE continent IN (SELECT continent FROM changed);
  -- Every server process tells its open push streams (delivered at commit, docs/api.md "Push").
  PERFORM pg_notify('aleph_map', (SELECT string_agg(c::text, ',') FROM (SELECT DISTINCT continent AS c FROM changed) d));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_map_bump_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM map_versions WHERE continent IN (OLD.continent, NEW.continent) ORDER BY continent FOR UPDATE;
  UPDATE map_versions SET version = version + 1 WHERE continent IN (OLD.continent, NEW.continent);
  PERFORM pg_notify('aleph_map', CASE WHEN OLD.continent = NEW.continent THEN NEW.continent::text ELSE OLD.continent || ',' || NEW.continent END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lands_map_ins AFTER INSERT ON lands REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_map_bump();
--> statement-breakpoint
CREATE TRIGGER lands_map_del AFTER DELETE ON lands REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION aleph_map_bump();
--> statement-breakpoint
-- Gold claims update lands all the time: the WHEN clause keeps them from calling anything.
CREATE TRIGGER lands_map_upd AFTER UPDATE ON lands FOR EACH ROW
  WHEN ((OLD.continent, OLD.x, OLD.y, OLD.terrain, OLD.element) IS DISTINCT FROM (NEW.continent, NEW.x, NEW.y, NEW.terrain, NEW.element))
  EXECUTE FUNCTION aleph_map_bump_row();
