-- 0006 locked the profiles to bump with FOR UPDATE. Every insert that references a profile
-- (a mission, a message) first takes FOR KEY SHARE on it for its foreign key, and FOR UPDATE
-- conflicts with KEY SHARE: two transactions inserting missions for one player each held the
-- key share the other's FOR UPDATE waited for, and deadlocked. Bumping a version changes no
-- key, so FOR NO KEY UPDATE (what the UPDATE itself takes) is the right lock: it still orders
-- bumps of several profiles by id, and it lets foreign-key checks through.
CREATE OR REPLACE FUNCTION aleph_bump_versions(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR coalesce(current_setting('aleph.defer_versions', true), '') = 'on' THEN
    RETURN;
  END IF;
  -- Row locks in id order, so two statements bumping several profiles cannot deadlock.
  PERFORM 1 FROM profiles WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE profiles SET state_version = state_version + 1 WHERE id = ANY(ids);
END $$;
