import { UPLOAD_MESSAGES } from '../../common/constants';
import { AppError, ValidationError } from '../domain/errors';

// Ingest's expected failures, with the specification's §5 messages (common/constants.ts, shared with the client's checks). They are domain errors, so both
// transports map them like any other (REST 400, 413, 415; GraphQL a ValidationError result).

/** `detail`: what a script sent instead, where it can be told (REST's `error.detail`; the message stays the spec's). */
export const noFile = (detail?: string) => new ValidationError(UPLOAD_MESSAGES.noFile, [], { publicDetail: detail });
export const invalidImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
/** Not a specification message: a script that sends several files at once is told why none was taken. */
export const tooManyFiles = () => new ValidationError('Send one image per upload: this form carries more than one file.');

/** Not a specification message (the spec has no pixel limit); says what the limit is and what was sent. */
export const tooManyPixels = (width: number, height: number, maxPixels: number) =>
  new ValidationError(
    `Image dimensions ${width} × ${height} exceed the limit of ${
      maxPixels >= 1_000_000 ? `${Number((maxPixels / 1_000_000).toFixed(1))} megapixels` : `${maxPixels} pixels`
    }`,
  );

/** Not a specification message either: an image too small for any analyzer to judge, refused before it is stored. */
export const tooFewPixels = (width: number, height: number, minSide: number) =>
  new ValidationError(`Image dimensions ${width} × ${height} are below the minimum of ${minSide} × ${minSide} pixels`);
