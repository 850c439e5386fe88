-- DropIndex
DROP INDEX "analyses_status_idx";

-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "heartbeat_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "usage_counters" (
    "owner_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "window" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("owner_id","kind","window")
);

-- CreateIndex
CREATE INDEX "usage_counters_updated_at_idx" ON "usage_counters"("updated_at");

-- CreateIndex
CREATE INDEX "analyses_status_created_at_idx" ON "analyses"("status", "created_at");
