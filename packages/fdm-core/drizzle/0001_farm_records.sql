CREATE TABLE "derogations" (
	"id" text PRIMARY KEY NOT NULL,
	"farm_id" text NOT NULL,
	"year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grazing_intentions" (
	"farm_id" text NOT NULL,
	"year" integer NOT NULL,
	"has_grazing_intention" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "grazing_intentions_farm_id_year_pk" PRIMARY KEY("farm_id","year")
);
--> statement-breakpoint
CREATE TABLE "organic_certifications" (
	"id" text PRIMARY KEY NOT NULL,
	"farm_id" text NOT NULL,
	"traces_number" text NOT NULL,
	"skal_number" text NOT NULL,
	"issue_date" timestamp with time zone NOT NULL,
	"expiry_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "derogations" ADD CONSTRAINT "derogations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grazing_intentions" ADD CONSTRAINT "grazing_intentions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organic_certifications" ADD CONSTRAINT "organic_certifications_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "derogations_farm_year_idx" ON "derogations" USING btree ("farm_id","year");--> statement-breakpoint
CREATE INDEX "organic_certifications_farm_idx" ON "organic_certifications" USING btree ("farm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organic_certifications_traces_idx" ON "organic_certifications" USING btree ("farm_id","traces_number");