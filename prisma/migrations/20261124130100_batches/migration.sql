-- CreateEnum
CREATE TYPE "batch_row_status" AS ENUM ('pending', 'fetching', 'analysing', 'not_found', 'failed', 'invalid');

-- CreateTable
CREATE TABLE "batches" (
    "id" UUID NOT NULL,
    "owner_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "total_rows" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "batch_rows" (
    "id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "row_number" INTEGER NOT NULL,
    "reference_id" TEXT,
    "address" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "status" "batch_row_status" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "image_id" UUID,
    "analysis_id" UUID,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "batch_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "batches_owner_id_created_at_idx" ON "batches"("owner_id", "created_at");

-- CreateIndex
CREATE INDEX "batch_rows_status_row_number_idx" ON "batch_rows"("status", "row_number");

-- CreateIndex
CREATE INDEX "batch_rows_analysis_id_idx" ON "batch_rows"("analysis_id");

-- CreateIndex
CREATE UNIQUE INDEX "batch_rows_batch_id_row_number_key" ON "batch_rows"("batch_id", "row_number");

-- AddForeignKey
ALTER TABLE "batches" ADD CONSTRAINT "batches_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_analysis_id_fkey" FOREIGN KEY ("analysis_id") REFERENCES "analyses"("id") ON DELETE SET NULL ON UPDATE CASCADE;
