-- A batch row's earlier result (decision 025): the image's latest finished analysis when an image batch is made, or
-- the first run's result when a batch is analysed again with the current analyzer. The batch screen, its results
-- download and REST compare the row's new score with it ("which properties changed band?"). Deleting that analysis
-- only drops the comparison.
ALTER TABLE "batch_rows" ADD COLUMN "previous_analysis_id" UUID;

CREATE INDEX "batch_rows_previous_analysis_id_idx" ON "batch_rows"("previous_analysis_id");

ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_previous_analysis_id_fkey" FOREIGN KEY ("previous_analysis_id") REFERENCES "analyses"("id") ON DELETE SET NULL ON UPDATE CASCADE;
