-- The first names professionals go by, each once (issue 40): a text search's names part reads the keys' name
-- index by equality on the few first names that contain the text, instead of walking a city's or a category's
-- key rows in name order and testing each name (63k index entries at 1M professionals to count 1,001 Nadias
-- among the plumbers: Hamza to Mehdi first). Kept by a trigger as professionals are written, never written
-- by the application. A name no listed professional has any more stays: it matches no key row (it costs an
-- index probe). No unique constraint: two transactions bringing the same new name never wait for each other
-- (a rare duplicate is harmless), and "the triggers never make two transactions wait" stays true.
CREATE TABLE "professional_first_names" (
  "name" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "professional_first_names_name_idx" ON "professional_first_names" ("name");--> statement-breakpoint
-- The names that contain a text: every name when it is short, by trigrams when the table grows.
CREATE INDEX "professional_first_names_trgm_idx" ON "professional_first_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint

CREATE FUNCTION "professional_first_names_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "professional_first_names" ("name")
  SELECT NEW."name" WHERE NOT EXISTS (SELECT 1 FROM "professional_first_names" n WHERE n."name" = NEW."name");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "professional_first_names_on_insert"
  AFTER INSERT ON "professionals"
  FOR EACH ROW EXECUTE FUNCTION "professional_first_names_keep"();--> statement-breakpoint
CREATE TRIGGER "professional_first_names_on_rename"
  AFTER UPDATE OF "name" ON "professionals"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "professional_first_names_keep"();--> statement-breakpoint

-- Existing data.
INSERT INTO "professional_first_names" ("name") SELECT DISTINCT "name" FROM "professionals";
