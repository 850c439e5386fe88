import type { AcceptedImageType } from '../../common/constants';

export type ImageFormat = 'jpeg' | 'png' | 'gif';

export const MIME_BY_FORMAT: Record<ImageFormat, AcceptedImageType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The format the bytes themselves announce, or null. A file's name and declared MIME type are chosen by
 * the sender and prove nothing; the first bytes are what every decoder goes by.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 6) {
    const head = String.fromCharCode(...bytes.subarray(0, 6));
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  return null;
}
