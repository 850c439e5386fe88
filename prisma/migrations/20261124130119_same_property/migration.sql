-- AlterTable
ALTER TABLE "analyses" ADD COLUMN     "location_key" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "analyses_owner_id_location_key_idx" ON "analyses"("owner_id", "location_key");

-- The normalised address text of an analysis (issue 10, "the same property over time"): lower case, anything
-- but letters and digits a space, the usual street words abbreviated, spaces collapsed. "12 Oak Street, Chico"
-- and "12 oak st chico" share a key.
CREATE FUNCTION aerisk_location_key(location TEXT) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k TEXT := ' ' || regexp_replace(lower(coalesce(location, '')), '[^a-z0-9]+', ' ', 'g') || ' ';
  pair TEXT[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[
    ['street', 'st'], ['avenue', 'ave'], ['road', 'rd'], ['drive', 'dr'], ['lane', 'ln'], ['boulevard', 'blvd'],
    ['court', 'ct'], ['place', 'pl'], ['terrace', 'ter'], ['highway', 'hwy'], ['parkway', 'pkwy'], ['circle', 'cir'],
    ['north', 'n'], ['south', 's'], ['east', 'e'], ['west', 'w'], ['apartment', 'apt'], ['suite', 'ste'],
    ['united states of america', 'usa'], ['united states', 'usa'], ['us', 'usa']
  ] LOOP
    k := replace(k, ' ' || pair[1] || ' ', ' ' || pair[2] || ' ');
  END LOOP;
  RETURN btrim(regexp_replace(k, '\s+', ' ', 'g'));
END $$;

CREATE FUNCTION analyses_location_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.location_key := aerisk_location_key(NEW.property_location);
  RETURN NEW;
END $$;

CREATE TRIGGER analyses_location_key BEFORE INSERT OR UPDATE OF property_location ON analyses
  FOR EACH ROW EXECUTE FUNCTION analyses_location_key();

UPDATE analyses SET location_key = aerisk_location_key(property_location);
