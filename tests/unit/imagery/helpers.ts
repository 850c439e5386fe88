import sharp from 'sharp';
import { expect } from 'vitest';
import { AppError } from '../../../server/domain/errors';
import { imageryConfigFromEnv, type ImageryConfig } from '../../../server/imagery/config';
import {
  MAP_IMAGE_FAILED_MESSAGE,
  NO_IMAGERY_MESSAGE,
  PLACES_FAILED_MESSAGE,
  ProviderError,
  type ProviderErrorCode,
  type ProviderFailureReason,
} from '../../../server/imagery/errors';
import { SECRET_BODY_MARKER } from '../../fakes/fake-server';
import { syntheticPixel, worldPixel } from '../../fakes/tile-images';

/** Config for a fake, with a deadline generous for two busy cores; hang tests pass a shorter one. */
export function configFor(env: Record<string, string>, extra: Record<string, string> = {}): ImageryConfig {
  return imageryConfigFromEnv({ IMAGERY_TIMEOUT_MS: '10000', ...env, ...extra });
}

const MESSAGES: Record<Exclude<ProviderErrorCode, 'PROVIDER_NOT_CONFIGURED'>, string> = {
  PLACES_FAILED: PLACES_FAILED_MESSAGE,
  GEOCODE_FAILED: MAP_IMAGE_FAILED_MESSAGE,
  ADDRESS_NOT_FOUND: MAP_IMAGE_FAILED_MESSAGE,
  IMAGERY_FAILED: MAP_IMAGE_FAILED_MESSAGE,
  NO_IMAGERY: NO_IMAGERY_MESSAGE,
};

/** Awaits a rejection and checks it is the typed error with the spec's text and nothing leaked into it. */
export async function expectProviderError(
  promise: Promise<unknown>,
  code: Exclude<ProviderErrorCode, 'PROVIDER_NOT_CONFIGURED'>,
  reason?: ProviderFailureReason,
  secrets: string[] = [],
): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected ${code}, but it succeeded`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const e = error as ProviderError;
  expect({ code: e.providerCode, reason: e.reason }).toEqual({ code, reason: reason ?? e.reason });
  expect(e.message).toBe(MESSAGES[code]);
  // The transports map it as the domain error it is.
  expect(e).toBeInstanceOf(AppError);
  expect(e.code).toBe(code === 'ADDRESS_NOT_FOUND' || code === 'NO_IMAGERY' ? 'UNPROCESSABLE' : 'UNAVAILABLE');
  const visible = JSON.stringify({ message: e.message, detail: e.detail, provider: e.provider, stack: e.stack?.split('\n')[0] });
  for (const secret of [SECRET_BODY_MARKER, 'http://', ...secrets]) expect(visible).not.toContain(secret);
  return e;
}

/** Share of pixels of a 600×400 image that differ from the synthetic world pattern centred on a point. */
export async function mismatchShare(png: Buffer, latitude: number, longitude: number, tolerance: number): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const c = worldPixel(latitude, longitude, 20);
  const x0 = Math.round(c.x - info.width / 2);
  const y0 = Math.round(c.y - info.height / 2);
  let bad = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const want = syntheticPixel(x0 + x, y0 + y);
      const i = (y * info.width + x) * info.channels;
      if (want.some((v, k) => Math.abs(v - data[i + k]) > tolerance)) bad++;
    }
  }
  return bad / (info.width * info.height);
}

/** The tile addresses a 600×400 zoom-20 view centred on the point needs, computed independently. */
export function expectedTiles(latitude: number, longitude: number): Set<string> {
  const c = worldPixel(latitude, longitude, 20);
  const x0 = Math.round(c.x - 300);
  const y0 = Math.round(c.y - 200);
  const tiles = new Set<string>();
  for (let ty = Math.floor(y0 / 256); ty <= Math.floor((y0 + 399) / 256); ty++) {
    for (let tx = Math.floor(x0 / 256); tx <= Math.floor((x0 + 599) / 256); tx++) tiles.add(`20/${tx}/${ty}`);
  }
  return tiles;
}
