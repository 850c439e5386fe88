-- An image's analyses, latest first (docs/decisions/024-a-batch-analysed-again.md): a batch row with a stored image
-- is analysed at the point its owner marked on that image's latest analysis, and the history finds the images whose
-- latest result an earlier analyzer made. Without it each lookup scanned the owner's whole history.
CREATE INDEX "analyses_image_id_created_at_idx" ON "analyses"("image_id", "created_at");
