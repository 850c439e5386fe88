import { describe, expect, it } from 'vitest';
import { imageryConfigFromEnv } from '../../../server/imagery/config';
import { ImageryConfigError } from '../../../server/imagery/errors';
import { createImagery, createPlaces } from '../../../server/imagery/factory';

describe('imageryConfigFromEnv', () => {
  it('defaults to the keyless public providers on their real hosts', () => {
    expect(imageryConfigFromEnv({})).toEqual({
      imageryProvider: 'public',
      placesProvider: 'public',
      googleMapsApiKey: null,
      googleMapsBaseUrl: 'https://maps.googleapis.com',
      googlePlacesBaseUrl: 'https://places.googleapis.com',
      tileUrlTemplate: null,
      tileAttribution: null,
      usgsImageryUrl: 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
      censusGeocoderUrl: 'https://geocoding.geo.census.gov/geocoder/locations/onelineaddress',
      photonUrl: 'https://photon.komoot.io/api',
      timeoutMs: 10_000,
      maxImageBytes: 8 * 1024 * 1024,
      maxJsonBytes: 1024 * 1024,
      setupHelp: true,
    });
    expect(createImagery().name).toBe('public');
    expect(createPlaces().name).toBe('public');
  });

  it('reads the documented variable names', () => {
    const config = imageryConfigFromEnv({
      IMAGERY_PROVIDER: 'Google',
      PLACES_PROVIDER: 'google',
      GOOGLE_MAPS_API_KEY: 'k',
      GOOGLE_MAPS_BASE_URL: 'http://127.0.0.1:1/prefix/',
      GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:2',
      IMAGERY_TIMEOUT_MS: '2500',
      PHOTON_URL: '',
    });
    expect(config).toMatchObject({
      imageryProvider: 'google',
      placesProvider: 'google',
      googleMapsApiKey: 'k',
      googleMapsBaseUrl: 'http://127.0.0.1:1/prefix',
      googlePlacesBaseUrl: 'http://127.0.0.1:2',
      timeoutMs: 2500,
      photonUrl: 'https://photon.komoot.io/api',
    });
  });

  it.each([
    [{ IMAGERY_PROVIDER: 'bing' }, /IMAGERY_PROVIDER must be one of/],
    [{ PLACES_PROVIDER: 'tiles' }, /PLACES_PROVIDER must be one of/],
    [{ IMAGERY_PROVIDER: 'google' }, /GOOGLE_MAPS_API_KEY is required/],
    [{ PLACES_PROVIDER: 'google' }, /GOOGLE_MAPS_API_KEY is required/],
    [{ IMAGERY_PROVIDER: 'tiles' }, /TILE_URL_TEMPLATE is required/],
    [{ IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: 'https://t.example/{z}/{x}.png' }, /\{z\}, \{x\} and \{y\}/],
    [{ IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: 'ftp://t.example/{z}/{x}/{y}' }, /must use/],
    [{ USGS_IMAGERY_URL: 'file:///tiles/{z}/{y}/{x}' }, /must use http: or https:/],
    [{ PHOTON_URL: 'javascript:alert(1)' }, /PHOTON_URL must be an absolute http/],
    [{ CENSUS_GEOCODER_URL: 'https://geo.example/x?benchmark=1' }, /must not carry a query/],
    [{ GOOGLE_PLACES_BASE_URL: 'not a url' }, /GOOGLE_PLACES_BASE_URL/],
    [{ IMAGERY_TIMEOUT_MS: '-5' }, /positive number/],
  ])('refuses %j at start', (env, message) => {
    expect(() => imageryConfigFromEnv(env)).toThrow(ImageryConfigError);
    expect(() => imageryConfigFromEnv(env)).toThrow(message);
  });

  it("takes the server config's `provider` name for the imagery provider", () => {
    expect(createImagery({ provider: 'none' }).name).toBe('none');
  });

  it('accepts a file:// tile directory for the tiles provider', () => {
    const imagery = createImagery(
      imageryConfigFromEnv({ IMAGERY_PROVIDER: 'tiles', TILE_URL_TEMPLATE: 'file:///srv/tiles/{z}/{x}/{y}.png' }),
    );
    expect(imagery).toMatchObject({ name: 'tiles', configured: true, attribution: 'Imagery: local tiles' });
  });
});
