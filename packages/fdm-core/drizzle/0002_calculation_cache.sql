CREATE SCHEMA "fdm_calculator_cache";
--> statement-breakpoint
CREATE TABLE "fdm_calculator_cache"."calculation_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"calculator_name" text NOT NULL,
	"calculator_version" text NOT NULL,
	"input_hash" text NOT NULL,
	"input" text NOT NULL,
	"error_name" text NOT NULL,
	"error_message" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fdm_calculator_cache"."calculation_results" (
	"calculator_name" text NOT NULL,
	"calculator_version" text NOT NULL,
	"input_hash" text NOT NULL,
	"input" text NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_results_calculator_name_calculator_version_input_hash_pk" PRIMARY KEY("calculator_name","calculator_version","input_hash")
);
--> statement-breakpoint
CREATE INDEX "calculation_errors_key_idx" ON "fdm_calculator_cache"."calculation_errors" USING btree ("calculator_name","calculator_version","input_hash");