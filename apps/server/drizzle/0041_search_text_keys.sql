-- A text search on the search keys (issue 40): `q=plumb&city=casablanca&sort=name` read every listed
-- professional of the city and checked the text on each (0.8 s at 100k professionals, growing with the
-- country). It is now the union of a few ranges of the keys, each walked in the page's order and stopped
-- at its end: the services the text names (their key rows, migration 0040), the cities it names, and the
-- first names that contain it. For the names, a trigram index on the keys' copy of the name, on the
-- "any category" rows only (one row per listed professional and city): a text that is no one's name
-- finds its few (or no) rows there instead of walking every professional of the city.
CREATE INDEX "professional_search_keys_name_trgm_idx" ON "professional_search_keys" USING gin ("name" gin_trgm_ops) WHERE "category" = '';
