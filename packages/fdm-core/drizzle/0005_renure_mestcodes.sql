ALTER TYPE "public"."type_rvo" ADD VALUE '130';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '131';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '132';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '133';--> statement-breakpoint
ALTER TYPE "public"."type_rvo" ADD VALUE '134';