-- AlterTable
-- Where the owner pointed at their building on the image ({"x", "y"}, shares 0..1 of its width and height), when
-- they did: the analyzer takes the building under that point as the subject (issue 9, "or the map pin").
ALTER TABLE "analyses" ADD COLUMN     "subject_point" JSONB;
