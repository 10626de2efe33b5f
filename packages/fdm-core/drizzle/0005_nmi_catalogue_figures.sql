CREATE TYPE "public"."harvest_category" AS ENUM('HC010', 'HC020', 'HC031', 'HC040', 'HC041', 'HC042', 'HC050');--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '130';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '131';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '132';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '133';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '134';--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "dry_matter_content" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "harvest_index" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "nitrogen_content_residue" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "effective_organic_matter" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "effective_organic_matter_residue" double precision;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "harvest_category" "harvest_category";--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "is_rustgewas" boolean;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "variety_options" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "default_sowing_date" text;--> statement-breakpoint
ALTER TABLE "cultivation_catalogue" ADD COLUMN "default_harvest_date" text;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "n_nh4" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "n_no3" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "n_organic" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "ammonia_emission_factor" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "organic_matter" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "effective_organic_matter" double precision;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD COLUMN "density" double precision;