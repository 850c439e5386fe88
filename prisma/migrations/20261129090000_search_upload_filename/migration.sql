-- An upload without a location is titled by its file name (common/analysis-title.ts), so history search must find it
-- by that name: new analyses put "File <name>." in search_text (services/analysis-text.ts); this adds it to the
-- finished analyses made before. The name is its last path segment, as services/images.ts `uploadedFilename` shows it.
-- Touches only search_text: no audit entry or change event fires (their triggers watch status and progress).
UPDATE "analyses" AS a
SET "search_text" = btrim(concat_ws(' ', 'File ' || f.name || '.', a."search_text"))
FROM (
  SELECT i."id", btrim(regexp_replace(regexp_replace(i."provider_meta"->'upload'->>'filename', '^.*[\\/]', ''), '[[:cntrl:]]', '', 'g')) AS name
  FROM "images" AS i
  WHERE i."provider_meta"->'upload'->>'filename' IS NOT NULL
) AS f
WHERE a."image_id" = f."id" AND a."status" = 'done' AND f.name <> '';
