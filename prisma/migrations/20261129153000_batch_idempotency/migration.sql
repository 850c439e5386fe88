-- Idempotency-Key for batches (as for uploads and analyses, issue 12): a client that retries POST /aerial/batches or
-- POST /aerial/batches/{id}/rerun after a timeout gets the batch its first request made, not a second one that would
-- analyse every row twice. The key is unique per owner; request_hash tells a retry from another request.
ALTER TABLE "batches" ADD COLUMN "idempotency_key" TEXT,
ADD COLUMN "request_hash" TEXT;

CREATE UNIQUE INDEX "batches_owner_id_idempotency_key_key" ON "batches"("owner_id", "idempotency_key");
