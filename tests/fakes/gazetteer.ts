// The places every fake provider knows, with their real coordinates, so tests and the e2e can use one list.

export interface FakePlace {
  /** Google place id (the real one of the landmark, for realism only). */
  googlePlaceId: string;
  osmType: 'N' | 'W' | 'R';
  osmId: number;
  name?: string;
  housenumber: string;
  street: string;
  /** How the Census Bureau writes the street in `matchedAddress`. */
  censusStreet: string;
  city: string;
  state: string;
  stateCode: string;
  postcode: string;
  latitude: number;
  longitude: number;
}

export const FAKE_PLACES: readonly FakePlace[] = [
  {
    googlePlaceId: 'ChIJGVtI4by3t4kRr51d_Qm_x58',
    osmType: 'W',
    osmId: 238241022,
    name: 'White House',
    housenumber: '1600',
    street: 'Pennsylvania Avenue Northwest',
    censusStreet: 'PENNSYLVANIA AVE NW',
    city: 'Washington',
    state: 'District of Columbia',
    stateCode: 'DC',
    postcode: '20500',
    latitude: 38.8976763,
    longitude: -77.0365298,
  },
  {
    googlePlaceId: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
    osmType: 'W',
    osmId: 34633854,
    name: 'Empire State Building',
    housenumber: '350',
    street: '5th Avenue',
    censusStreet: '5TH AVE',
    city: 'New York',
    state: 'New York',
    stateCode: 'NY',
    postcode: '10118',
    latitude: 40.7484405,
    longitude: -73.9856644,
  },
  {
    googlePlaceId: 'ChIJj61dQgK6j4AR4GeTYWZsKWw',
    osmType: 'N',
    osmId: 2192620021,
    housenumber: '1600',
    street: 'Amphitheatre Parkway',
    censusStreet: 'AMPHITHEATRE PKWY',
    city: 'Mountain View',
    state: 'California',
    stateCode: 'CA',
    postcode: '94043',
    latitude: 37.4220656,
    longitude: -122.0840897,
  },
  {
    googlePlaceId: 'ChIJ2dGMjMMEdkgRqVqkuXQkj7c',
    osmType: 'N',
    osmId: 4353601,
    housenumber: '4059',
    street: 'Mount Lee Drive',
    censusStreet: 'MOUNT LEE DR',
    city: 'Los Angeles',
    state: 'California',
    stateCode: 'CA',
    postcode: '90068',
    latitude: 34.1341151,
    longitude: -118.3215482,
  },
];

export function streetLine(p: FakePlace): string {
  return `${p.housenumber} ${p.street}`;
}

/** Google-style one-line address. */
export function googleAddress(p: FakePlace): string {
  return `${streetLine(p)}, ${p.city}, ${p.stateCode} ${p.postcode}, USA`;
}

export function censusAddress(p: FakePlace): string {
  return `${p.housenumber} ${p.censusStreet}, ${p.city.toUpperCase()}, ${p.stateCode}, ${p.postcode}`;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Search-box matching: every typed word is the start of a word of the place (name, street, city, state). */
export function searchPlaces(query: string): FakePlace[] {
  const typed = words(query);
  if (typed.length === 0) return [];
  return FAKE_PLACES.filter((p) => {
    const haystack = words(`${p.name ?? ''} ${googleAddress(p)} ${p.state}`);
    return typed.every((w) => haystack.some((h) => h.startsWith(w)));
  });
}

/** The Census matches street addresses only: house number and the first street word must both be there. */
export function censusMatch(address: string): FakePlace | undefined {
  const typed = words(address);
  return FAKE_PLACES.find((p) => typed.includes(p.housenumber) && typed.includes(words(p.street)[0]));
}
