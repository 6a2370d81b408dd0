CREATE TABLE "map_versions" (
	"continent" smallint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "map_versions_continent_range" CHECK ("map_versions"."continent" between 0 and 1)
);
