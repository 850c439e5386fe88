// Constants that both the server and the client need (spec §4, §5, §9), in one module both sides import.
// Pure TypeScript, no Node imports: the client bundles this file.

/** Maximum upload size, checked by the client before sending and enforced by the server while reading. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Spec §5's upload messages: the client's check before sending and the server's ingest say the same words. */
export const UPLOAD_MESSAGES = {
  noFile: 'Please select a file to upload',
  invalidType: 'Please select a valid image file (JPEG, PNG, or GIF)',
  tooLarge: 'File size exceeds 10MB limit',
} as const;

/**
 * Largest image, in pixels (width × height), that can be analysed — the analyzers' decode limit, and so
 * also the upload limit: an image accepted at upload must be analysable (one limit, checked first at upload).
 * 40 MP covers every camera and map export we expect and bounds one decode at ~120 MB of RGB; a small
 * compressed file can declare far more (decompression bombs), so it is checked from the header.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Shortest side, in pixels, an image must have to be analysed; like the pixel limit, also checked at upload, so
 * an 8 × 8 icon is refused with its reason instead of being stored and then failing as "Please try again".
 */
export const MIN_IMAGE_SIDE_PX = 32;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export function isAcceptedImageType(mime: string): mime is AcceptedImageType {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);
}

/** Risk score bands: below 34 Low, 34–66 Medium, 67 and above High. */
export const RISK_BAND_MEDIUM_FROM = 34;
export const RISK_BAND_HIGH_FROM = 67;
export type RiskBand = 'low' | 'medium' | 'high';

export function bandFor(score: number): RiskBand {
  if (score >= RISK_BAND_HIGH_FROM) return 'high';
  if (score >= RISK_BAND_MEDIUM_FROM) return 'medium';
  return 'low';
}

/** Levels of a manual risk assessment (risk zone). */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;

/** Upload progress simulation: +10 % every 300 ms up to 90 %, then 100 % on completion. */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 300;
export const PROGRESS_SIMULATED_MAX = 90;

/** Static map image by address (spec §7, §9): zoom 20, 600×400. */
export const MAP_IMAGE_ZOOM = 20;
export const MAP_IMAGE_SIZE = { width: 600, height: 400 } as const;

/** Address autocomplete: at least 3 characters, at most one request per 300 ms. */
export const AUTOCOMPLETE_MIN_CHARS = 3;
export const AUTOCOMPLETE_THROTTLE_MS = 300;

/** Risk-zone details are cut at this many characters in the table. */
export const DETAILS_TRUNCATE = 100;

/** Identity: refresh the ID token this long before it expires; treat it as expired this early. */
export const TOKEN_REFRESH_LEAD_MS = 5 * 60 * 1000;
export const TOKEN_EXPIRY_MARGIN_MS = 30 * 1000;
/** A token older than this is not sent to the token-sync URL (a fresher one follows). */
export const TOKEN_SYNC_MAX_AGE_MS = 5 * 60 * 1000;
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

/** Size of the provider sign-in popup window (Firebase's signInWithPopup default). */
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

/** Sign-in providers as stored on User.provider (the first provider the user signed in with). */
export const DEFAULT_PROVIDER = 'email';

/** The terms' AI disclaimer (spec §1 legal text): on the terms page and in every property report. */
export const AI_DISCLAIMER =
  'Risk scores, detected features and recommendations are generated automatically by AI and are provided for ' +
  'informational purposes only. They may be incomplete or wrong, they are not a professional inspection, ' +
  'appraisal or underwriting decision, and you must verify them independently before relying on them. Results ' +
  'may not be resold.';

/**
 * How trees and power lines seen are described when the analysis found no building (GraphQL `buildingFound: false`):
 * the contract's `distant` is then no distance from anything. The results screen and the PDF report say the same.
 */
export const NO_BUILDING_TO_MEASURE_FROM = 'no building found to measure from';
