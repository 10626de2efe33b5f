CREATE TABLE "farm_field_changes" (
	"farm_id" text NOT NULL,
	"revision" bigint NOT NULL,
	"field_id" text NOT NULL,
	CONSTRAINT "farm_field_changes_farm_id_revision_field_id_pk" PRIMARY KEY("farm_id","revision","field_id")
);
--> statement-breakpoint
ALTER TABLE "farm_field_changes" ADD CONSTRAINT "farm_field_changes_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The triggers of migration 0009 now also write which fields each revision changed, and keep only
-- a farm's last 1,000 revisions of them (FIELD_CHANGES_KEPT in schema.ts): a page kept at an
-- older revision is reused when no field in its key range changed since (see page.ts).
CREATE OR REPLACE FUNCTION "bump_revision_of_acquiring"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "bumped" AS (
    INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
    SELECT DISTINCT c."farm_id", 1 FROM "changed" c
    WHERE EXISTS (SELECT 1 FROM "farms" f WHERE f."id" = c."farm_id")
    ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1
    RETURNING r."farm_id", r."fields"
  ), "logged" AS (
    INSERT INTO "farm_field_changes" ("farm_id", "revision", "field_id")
    SELECT DISTINCT b."farm_id", b."fields", c."field_id" FROM "bumped" b JOIN "changed" c ON c."farm_id" = b."farm_id"
  )
  DELETE FROM "farm_field_changes" d USING "bumped" b
  WHERE d."farm_id" = b."farm_id" AND d."revision" <= b."fields" - 1000;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_revision_of_field"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "touched" AS (
    SELECT a."farm_id", a."field_id" FROM "field_acquiring" a
    WHERE a."field_id" IN (SELECT c."id" FROM "changed" c)
  ), "bumped" AS (
    INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
    SELECT DISTINCT t."farm_id", 1 FROM "touched" t
    ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1
    RETURNING r."farm_id", r."fields"
  ), "logged" AS (
    INSERT INTO "farm_field_changes" ("farm_id", "revision", "field_id")
    SELECT DISTINCT b."farm_id", b."fields", t."field_id" FROM "bumped" b JOIN "touched" t ON t."farm_id" = b."farm_id"
  )
  DELETE FROM "farm_field_changes" d USING "bumped" b
  WHERE d."farm_id" = b."farm_id" AND d."revision" <= b."fields" - 1000;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_revision_of_discarding"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "touched" AS (
    SELECT a."farm_id", a."field_id" FROM "field_acquiring" a
    WHERE a."field_id" IN (SELECT c."field_id" FROM "changed" c)
  ), "bumped" AS (
    INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
    SELECT DISTINCT t."farm_id", 1 FROM "touched" t
    ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1
    RETURNING r."farm_id", r."fields"
  ), "logged" AS (
    INSERT INTO "farm_field_changes" ("farm_id", "revision", "field_id")
    SELECT DISTINCT b."farm_id", b."fields", t."field_id" FROM "bumped" b JOIN "touched" t ON t."farm_id" = b."farm_id"
  )
  DELETE FROM "farm_field_changes" d USING "bumped" b
  WHERE d."farm_id" = b."farm_id" AND d."revision" <= b."fields" - 1000;
  RETURN NULL;
END $$;
