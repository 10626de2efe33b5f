DROP INDEX "fertilizer_acquiring_farm_idx";--> statement-breakpoint
DROP INDEX "field_acquiring_farm_idx";--> statement-breakpoint
CREATE INDEX "fertilizer_acquiring_farm_fertilizer_idx" ON "fertilizer_acquiring" USING btree ("farm_id","fertilizer_id" collate "C");--> statement-breakpoint
CREATE INDEX "field_acquiring_farm_field_idx" ON "field_acquiring" USING btree ("farm_id","field_id" collate "C");