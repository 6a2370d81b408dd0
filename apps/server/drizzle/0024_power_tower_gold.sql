-- The profiles rating's power follows the rules' tower production (GAME_CONFIG.land), which the
-- pacing pass raised from `10 + 10 * level` to `25 + 15 * level` gold a day: the mirror in
-- aleph_assets_power (migration 0020_records_power) is redefined with the new numbers, and every
-- profile's power recomputed, so the rating agrees with `playerPower` again.
CREATE OR REPLACE FUNCTION aleph_assets_power(pid int) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(round((25 + 15 * e.tower_level) * (ARRAY[1.0, 1.1, 1.25, 1.5, 2.0]::numeric[])[l.terrain + 1]) + 10 * (1 + e.tower_level))
      FROM lands l JOIN land_elements e ON e.land_id = l.id WHERE l.owner_id = pid), 0)::bigint
    + coalesce((SELECT sum((SELECT sum(s) FROM unnest(h.skills || h.upskills) s) + 100 * h.level)
      FROM heroes h WHERE h.owner_id = pid), 0)::bigint
$$;
--> statement-breakpoint
UPDATE profiles SET power = level::bigint * 1000 + aleph_assets_power(id);
