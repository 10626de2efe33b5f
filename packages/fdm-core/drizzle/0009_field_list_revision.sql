CREATE TABLE "farm_revisions" (
	"farm_id" text PRIMARY KEY NOT NULL,
	"fields" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" ALTER COLUMN "geometry" SET DATA TYPE json USING "geometry"::json;--> statement-breakpoint
ALTER TABLE "farm_revisions" ADD CONSTRAINT "farm_revisions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A farm's field list revision (farm_revisions.fields) goes up in the transaction of every change
-- to its fields, their acquiring or their discarding: statement triggers, one bump per farm per
-- statement however many rows it touches. A field's insert and delete are seen through its
-- acquiring row (inserted after it, removed with it by cascade); a farm being removed is no
-- longer there to bump.
CREATE FUNCTION "bump_revision_of_acquiring"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
  SELECT DISTINCT c."farm_id", 1 FROM "changed" c
  WHERE EXISTS (SELECT 1 FROM "farms" f WHERE f."id" = c."farm_id")
  ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_revision_of_field"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
  SELECT DISTINCT a."farm_id", 1 FROM "field_acquiring" a
  WHERE a."field_id" IN (SELECT c."id" FROM "changed" c)
  ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_revision_of_discarding"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "farm_revisions" AS r ("farm_id", "fields")
  SELECT DISTINCT a."farm_id", 1 FROM "field_acquiring" a
  WHERE a."field_id" IN (SELECT c."field_id" FROM "changed" c)
  ON CONFLICT ("farm_id") DO UPDATE SET "fields" = r."fields" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "field_acquiring_insert_revision" AFTER INSERT ON "field_acquiring" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_acquiring"();--> statement-breakpoint
CREATE TRIGGER "field_acquiring_delete_revision" AFTER DELETE ON "field_acquiring" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_acquiring"();--> statement-breakpoint
CREATE TRIGGER "field_acquiring_update_old_revision" AFTER UPDATE ON "field_acquiring" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_acquiring"();--> statement-breakpoint
CREATE TRIGGER "field_acquiring_update_new_revision" AFTER UPDATE ON "field_acquiring" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_acquiring"();--> statement-breakpoint
CREATE TRIGGER "fields_update_revision" AFTER UPDATE ON "fields" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_field"();--> statement-breakpoint
CREATE TRIGGER "field_discarding_insert_revision" AFTER INSERT ON "field_discarding" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_discarding"();--> statement-breakpoint
CREATE TRIGGER "field_discarding_update_revision" AFTER UPDATE ON "field_discarding" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_discarding"();--> statement-breakpoint
CREATE TRIGGER "field_discarding_delete_revision" AFTER DELETE ON "field_discarding" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_revision_of_discarding"();
