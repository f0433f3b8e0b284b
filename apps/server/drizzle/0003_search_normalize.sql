-- Service search folds the text it compares (SPEC §7 search, made forgiving): lower case, accents and
-- Arabic tashkeel dropped after canonical decomposition (so أ إ آ become ا), apostrophe look-alikes
-- written ', no-break and thin spaces written as a space, ٱ -> ا, ى and ی -> ي, ة -> ه, œ -> oe, æ -> ae.
-- It mirrors normalizeSearchText() in packages/shared/src/domain/search.ts step for step (a server
-- test feeds both the same strings). Built from core functions only, so it is truly IMMUTABLE and can
-- back a stored generated column on PGlite and on PostgreSQL alike; the unaccent extension would need
-- a wrapper declared IMMUTABLE over a function that is not, and folds no Arabic.
CREATE FUNCTION "search_normalize"(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN replace(replace(
  translate(
    regexp_replace(lower(normalize(input, NFD)), '[\u0300-\u036F\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
    U&'\2018\2019\201B\0060\00B4\02BC\2032\00A0\202F\2009\0671\0649\06CC\0629',
    U&'\0027\0027\0027\0027\0027\0027\0027\0020\0020\0020\0627\064A\064A\0647'
  ),
  U&'\0153', 'oe'), U&'\00E6', 'ae');
