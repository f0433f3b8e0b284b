DROP INDEX "service_types_name_trgm_idx";--> statement-breakpoint
DROP INDEX "service_types_name_fr_trgm_idx";--> statement-breakpoint
DROP INDEX "service_types_name_ar_trgm_idx";--> statement-breakpoint
DROP INDEX "service_types_description_trgm_idx";--> statement-breakpoint
DROP INDEX "service_types_description_fr_trgm_idx";--> statement-breakpoint
DROP INDEX "service_types_description_ar_trgm_idx";--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_normalize("name" || E'\n' || "name_fr" || E'\n' || "name_ar" || E'\n' || "description" || E'\n' || "description_fr" || E'\n' || "description_ar")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "service_types_search_text_trgm_idx" ON "service_types" USING gin ("search_text" gin_trgm_ops);