-- The compared findings of an analysis's effective results as one text (decision 026), written with the results by
-- the job runner and every review (server/services/analysis-columns.ts, findingsKey): a batch counts and filters the
-- rows whose findings differ from their earlier result's by this one column instead of a dozen JSON paths per row.
-- Results stored before it get theirs here, by the same rule: the JSON array of the same values, as text.
ALTER TABLE "analyses" ADD COLUMN "findings_key" TEXT;

UPDATE "analyses" SET "findings_key" = jsonb_build_array(
  COALESCE(results #> '{pool,present}', 'null'),
  COALESCE(results #> '{pool,condition}', 'null'),
  COALESCE(results #> '{spa,present}', 'null'),
  COALESCE(results #> '{trees,overhanging}', 'null'),
  COALESCE(results #> '{trees,proximity}', 'null'),
  COALESCE(results #> '{roof,style}', 'null'),
  COALESCE(results #> '{roof,condition}', 'null'),
  COALESCE(results #> '{solar,present}', 'null'),
  COALESCE(results #> '{power_lines,crossing_property}', 'null'),
  COALESCE(results #> '{power_lines,proximity}', 'null'),
  COALESCE(results #> '{property_condition}', 'null')
)::text
WHERE "results" IS NOT NULL;
