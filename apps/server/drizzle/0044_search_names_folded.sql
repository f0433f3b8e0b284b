-- A text search's first step (issue 40): the services and cities whose names contain the text, folded
-- like the catalogue search. Their folded names were computed on each call (search_normalize of every
-- service's and city's names: 0.4-0.5 ms of PostgreSQL's CPU per text search on 30 services); they are
-- now kept with each row, as service_types.search_text is (migration 0004), and compared as they are.
ALTER TABLE "service_types" ADD COLUMN "names_search_text" text GENERATED ALWAYS AS (search_normalize("name" || E'\n' || "name_fr" || E'\n' || "name_ar" || E'\n' || "category")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "names_search_text" text GENERATED ALWAYS AS (search_normalize("name" || E'\n' || "name_fr" || E'\n' || "name_ar" || E'\n' || "slug")) STORED NOT NULL;
