-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "analyzer_evidence" JSONB,
ADD COLUMN     "analyzer_results" JSONB,
ADD COLUMN     "analyzer_risk_score" DOUBLE PRECISION,
ADD COLUMN     "review" JSONB,
ADD COLUMN     "review_version" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "reviewed_at" TIMESTAMP(3),
ADD COLUMN     "reviewed_by" TEXT;
