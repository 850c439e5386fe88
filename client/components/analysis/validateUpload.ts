// Client-side upload checks with the spec §5 messages. They spare the user a round trip; the server
// decides again from the bytes themselves (a text file named .jpg passes here and is refused there).
import { isAcceptedImageType, MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '../../../server/domain/constants';

export const NO_FILE_MESSAGE = 'Please select a file to upload';
export const INVALID_TYPE_MESSAGE = 'Please select a valid image file (JPEG, PNG, or GIF)';

/** The message for a file that cannot be uploaded, or null when it may be sent. */
export function uploadProblem(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return NO_FILE_MESSAGE;
  if (!isAcceptedImageType(file.type)) return INVALID_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return MAX_UPLOAD_MESSAGE;
  return null;
}
