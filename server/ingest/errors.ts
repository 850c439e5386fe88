import { AppError } from '../domain/errors';

// Ingest's expected failures, with the specification's §5 messages produced here and nowhere else.
// They are AppErrors, so both transports map them like any other domain error (400, 413, 415).

export type IngestErrorCode = 'VALIDATION' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

export const INGEST_MESSAGES = {
  noFile: 'Please select a file to upload',
  invalidType: 'Please select a valid image file (JPEG, PNG, or GIF)',
  tooLarge: 'File size exceeds 10MB limit',
} as const;

export class IngestError extends AppError {
  override readonly name = 'IngestError';
  declare readonly code: IngestErrorCode;
  constructor(code: IngestErrorCode, message: string) {
    super(code, message);
  }
}

export const noFile = () => new IngestError('VALIDATION', INGEST_MESSAGES.noFile);
export const invalidImage = () => new IngestError('UNSUPPORTED_MEDIA_TYPE', INGEST_MESSAGES.invalidType);
export const tooLarge = () => new IngestError('PAYLOAD_TOO_LARGE', INGEST_MESSAGES.tooLarge);

/** Not a specification message (the spec has no pixel limit); says what the limit is and what was sent. */
export const tooManyPixels = (width: number, height: number, maxPixels: number) =>
  new IngestError(
    'VALIDATION',
    `Image dimensions ${width} × ${height} exceed the limit of ${
      maxPixels >= 1_000_000 ? `${Number((maxPixels / 1_000_000).toFixed(1))} megapixels` : `${maxPixels} pixels`
    }`,
  );
