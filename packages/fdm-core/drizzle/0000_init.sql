CREATE TYPE "public"."acquiring_method" AS ENUM('owner', 'lease', 'temporary_use', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."application_method" AS ENUM('broadcasting', 'narrowband', 'shallow_injection', 'injection', 'incorporation', 'spraying');--> statement-breakpoint
CREATE TYPE "public"."farm_role" AS ENUM('owner', 'advisor', 'researcher');--> statement-breakpoint
CREATE TYPE "public"."fertilizer_form" AS ENUM('solid', 'slurry', 'liquid');--> statement-breakpoint
CREATE TYPE "public"."gwl_class" AS ENUM('I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII');--> statement-breakpoint
CREATE TYPE "public"."harvestable" AS ENUM('once', 'multiple', 'none');--> statement-breakpoint
CREATE TYPE "public"."rotation" AS ENUM('grassland', 'cereal', 'maize', 'potato', 'sugar_beet', 'legume', 'oilseed', 'vegetable', 'flower_bulb', 'tree_nursery', 'fruit', 'catch_crop', 'fallow', 'nature', 'other');--> statement-breakpoint
CREATE TYPE "public"."soil_analysis_source" AS ENUM('laboratory', 'farmer', 'estimate', 'other');--> statement-breakpoint
CREATE TYPE "public"."soiltype" AS ENUM('zeeklei', 'rivierklei', 'moerige_klei', 'veen', 'dalgrond', 'dekzand', 'duinzand', 'loess');--> statement-breakpoint
CREATE TYPE "public"."type_rvo" AS ENUM('10', '11', '12', '13', '14', '17', '18', '19', '23', '25', '26', '27', '30', '31', '32', '33', '35', '39', '40', '41', '42', '43', '46', '50', '56', '60', '61', '75', '76', '80', '81', '90', '91', '92', '95', '96', '97', '98', '99', '100', '101', '102', '103', '104', '105', '106', '107', '108', '109', '110', '111', '112', '113', '114', '115', '116', '117', '120');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"principal_id" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"farm_id" text,
	"allowed" boolean NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultivation_catalogue" (
	"item_id" text PRIMARY KEY NOT NULL,
	"catalogue" text NOT NULL,
	"source_code" integer NOT NULL,
	"source_name" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text,
	"harvestable" "harvestable" NOT NULL,
	"rotation" "rotation" NOT NULL,
	"yield_dry_matter" double precision,
	"nitrogen_content_harvest" double precision,
	"nitrogen_fixation" double precision,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultivation_ending" (
	"cultivation_id" text PRIMARY KEY NOT NULL,
	"end_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultivation_harvesting" (
	"id" text PRIMARY KEY NOT NULL,
	"cultivation_id" text NOT NULL,
	"harvestable_id" text NOT NULL,
	"harvest_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultivation_starting" (
	"cultivation_id" text PRIMARY KEY NOT NULL,
	"field_id" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cultivations" (
	"id" text PRIMARY KEY NOT NULL,
	"catalogue_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "farm_cultivation_catalogues" (
	"farm_id" text NOT NULL,
	"catalogue" text NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_cultivation_catalogues_farm_id_catalogue_pk" PRIMARY KEY("farm_id","catalogue")
);
--> statement-breakpoint
CREATE TABLE "farm_fertilizer_catalogues" (
	"farm_id" text NOT NULL,
	"catalogue" text NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_fertilizer_catalogues_farm_id_catalogue_pk" PRIMARY KEY("farm_id","catalogue")
);
--> statement-breakpoint
CREATE TABLE "farm_roles" (
	"farm_id" text NOT NULL,
	"principal_id" text NOT NULL,
	"role" "farm_role" NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_roles_farm_id_principal_id_pk" PRIMARY KEY("farm_id","principal_id")
);
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_id" text,
	"address" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fertilizer_acquiring" (
	"fertilizer_id" text PRIMARY KEY NOT NULL,
	"farm_id" text NOT NULL,
	"acquiring_date" timestamp with time zone NOT NULL,
	"amount_kg" double precision
);
--> statement-breakpoint
CREATE TABLE "fertilizer_applying" (
	"id" text PRIMARY KEY NOT NULL,
	"fertilizer_id" text NOT NULL,
	"field_id" text NOT NULL,
	"amount_kg_per_ha" double precision NOT NULL,
	"method" "application_method" NOT NULL,
	"application_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fertilizer_catalogue" (
	"item_id" text PRIMARY KEY NOT NULL,
	"catalogue" text NOT NULL,
	"farm_id" text,
	"source_name" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text,
	"type_rvo" "type_rvo" NOT NULL,
	"is_mineral" boolean NOT NULL,
	"is_manure" boolean NOT NULL,
	"is_compost" boolean NOT NULL,
	"form" "fertilizer_form",
	"dry_matter" double precision,
	"n" double precision,
	"p2o5" double precision,
	"k2o" double precision,
	"so3" double precision,
	"mgo" double precision,
	"cao" double precision,
	"application_methods" "application_method"[] NOT NULL,
	"source" text NOT NULL,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fertilizers" (
	"id" text PRIMARY KEY NOT NULL,
	"catalogue_item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "field_acquiring" (
	"field_id" text PRIMARY KEY NOT NULL,
	"farm_id" text NOT NULL,
	"acquiring_method" "acquiring_method" NOT NULL,
	"acquiring_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_discarding" (
	"field_id" text PRIMARY KEY NOT NULL,
	"discarding_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"area_ha" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "harvestable_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"harvestable_id" text NOT NULL,
	"dry_matter_yield" double precision,
	"dry_matter_content" double precision,
	"nitrogen_content" double precision,
	"phosphate_content" double precision,
	"potash_content" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "harvestables" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "soil_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"source" "soil_analysis_source" NOT NULL,
	"organic_matter" double precision,
	"p_al" double precision,
	"p_cacl2" double precision,
	"n_total" double precision,
	"k_cacl2" double precision,
	"ph" double precision,
	"clay" double precision,
	"silt" double precision,
	"sand" double precision,
	"soil_type" "soiltype",
	"gwl_class" "gwl_class",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "soil_sampling" (
	"id" text PRIMARY KEY NOT NULL,
	"field_id" text NOT NULL,
	"analysis_id" text NOT NULL,
	"sampling_date" timestamp with time zone NOT NULL,
	"depth_upper_cm" double precision NOT NULL,
	"depth_lower_cm" double precision NOT NULL,
	CONSTRAINT "soil_sampling_analysis_id_unique" UNIQUE("analysis_id")
);
--> statement-breakpoint
ALTER TABLE "cultivation_ending" ADD CONSTRAINT "cultivation_ending_cultivation_id_cultivations_id_fk" FOREIGN KEY ("cultivation_id") REFERENCES "public"."cultivations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultivation_harvesting" ADD CONSTRAINT "cultivation_harvesting_cultivation_id_cultivations_id_fk" FOREIGN KEY ("cultivation_id") REFERENCES "public"."cultivations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultivation_harvesting" ADD CONSTRAINT "cultivation_harvesting_harvestable_id_harvestables_id_fk" FOREIGN KEY ("harvestable_id") REFERENCES "public"."harvestables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultivation_starting" ADD CONSTRAINT "cultivation_starting_cultivation_id_cultivations_id_fk" FOREIGN KEY ("cultivation_id") REFERENCES "public"."cultivations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultivation_starting" ADD CONSTRAINT "cultivation_starting_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cultivations" ADD CONSTRAINT "cultivations_catalogue_item_id_cultivation_catalogue_item_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."cultivation_catalogue"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_cultivation_catalogues" ADD CONSTRAINT "farm_cultivation_catalogues_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_fertilizer_catalogues" ADD CONSTRAINT "farm_fertilizer_catalogues_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_roles" ADD CONSTRAINT "farm_roles_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizer_acquiring" ADD CONSTRAINT "fertilizer_acquiring_fertilizer_id_fertilizers_id_fk" FOREIGN KEY ("fertilizer_id") REFERENCES "public"."fertilizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizer_acquiring" ADD CONSTRAINT "fertilizer_acquiring_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizer_applying" ADD CONSTRAINT "fertilizer_applying_fertilizer_id_fertilizers_id_fk" FOREIGN KEY ("fertilizer_id") REFERENCES "public"."fertilizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizer_applying" ADD CONSTRAINT "fertilizer_applying_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizer_catalogue" ADD CONSTRAINT "fertilizer_catalogue_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fertilizers" ADD CONSTRAINT "fertilizers_catalogue_item_id_fertilizer_catalogue_item_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."fertilizer_catalogue"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_acquiring" ADD CONSTRAINT "field_acquiring_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_acquiring" ADD CONSTRAINT "field_acquiring_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_discarding" ADD CONSTRAINT "field_discarding_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvestable_analyses" ADD CONSTRAINT "harvestable_analyses_harvestable_id_harvestables_id_fk" FOREIGN KEY ("harvestable_id") REFERENCES "public"."harvestables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soil_sampling" ADD CONSTRAINT "soil_sampling_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soil_sampling" ADD CONSTRAINT "soil_sampling_analysis_id_soil_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."soil_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_principal_idx" ON "audit_log" USING btree ("principal_id");--> statement-breakpoint
CREATE INDEX "cultivation_catalogue_catalogue_idx" ON "cultivation_catalogue" USING btree ("catalogue");--> statement-breakpoint
CREATE INDEX "cultivation_harvesting_cultivation_idx" ON "cultivation_harvesting" USING btree ("cultivation_id");--> statement-breakpoint
CREATE INDEX "cultivation_starting_field_idx" ON "cultivation_starting" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "farm_roles_principal_idx" ON "farm_roles" USING btree ("principal_id");--> statement-breakpoint
CREATE INDEX "fertilizer_acquiring_farm_idx" ON "fertilizer_acquiring" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "fertilizer_applying_field_idx" ON "fertilizer_applying" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "fertilizer_applying_fertilizer_idx" ON "fertilizer_applying" USING btree ("fertilizer_id");--> statement-breakpoint
CREATE INDEX "fertilizer_catalogue_catalogue_idx" ON "fertilizer_catalogue" USING btree ("catalogue");--> statement-breakpoint
CREATE INDEX "fertilizer_catalogue_farm_idx" ON "fertilizer_catalogue" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "field_acquiring_farm_idx" ON "field_acquiring" USING btree ("farm_id");--> statement-breakpoint
CREATE INDEX "soil_sampling_field_idx" ON "soil_sampling" USING btree ("field_id");