/*
  Warnings:

  - A unique constraint covering the columns `[owner_id,idempotency_key]` on the table `analyses` will be added. If there are existing duplicate values, this will fail.
  - A unique constraint covering the columns `[owner_id,idempotency_key]` on the table `images` will be added. If there are existing duplicate values, this will fail.

*/
-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "idempotency_key" TEXT;

-- AlterTable
ALTER TABLE "images" ADD COLUMN     "idempotency_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "analyses_owner_id_idempotency_key_key" ON "analyses"("owner_id", "idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "images_owner_id_idempotency_key_key" ON "images"("owner_id", "idempotency_key");
