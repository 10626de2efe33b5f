CREATE TYPE "public"."audit_outcome" AS ENUM('done', 'failed', 'refused');--> statement-breakpoint
ALTER TYPE "public"."invitation_status" ADD VALUE 'revoked';--> statement-breakpoint
CREATE TABLE "cultivation_residues" (
	"cultivation_id" text PRIMARY KEY NOT NULL,
	"residues_left" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farm_role_offers" (
	"farm_id" text NOT NULL,
	"principal_id" text NOT NULL,
	"role" "farm_role" NOT NULL,
	"offered_by" text NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_role_offers_farm_id_principal_id_pk" PRIMARY KEY("farm_id","principal_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "outcome" "audit_outcome";--> statement-breakpoint
UPDATE "audit_log" SET "outcome" = CASE WHEN "allowed" THEN 'done'::"audit_outcome" ELSE 'refused'::"audit_outcome" END;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "outcome" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "soil_analyses" ADD COLUMN "bulk_density" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_residues" ADD CONSTRAINT "cultivation_residues_cultivation_id_cultivations_id_fk" FOREIGN KEY ("cultivation_id") REFERENCES "public"."cultivations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_role_offers" ADD CONSTRAINT "farm_role_offers_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farm_role_offers_principal_idx" ON "farm_role_offers" USING btree ("principal_id");