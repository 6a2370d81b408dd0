-- Settlement sets aleph.defer_versions for its batch and bumps the batch's players once at the
-- end, but the statement triggers still aggregated every changed row (and joined lands) before
-- aleph_bump_versions saw the setting and returned. They now return first.
CREATE OR REPLACE FUNCTION aleph_touch_by_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF coalesce(current_setting('aleph.defer_versions', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO ids;
  PERFORM aleph_bump_versions(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION aleph_touch_by_land() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF coalesce(current_setting('aleph.defer_versions', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT l.owner_id) INTO ids FROM lands l WHERE l.id IN (SELECT land_id FROM changed);
  PERFORM aleph_bump_versions(ids);
  RETURN NULL;
END $$;
