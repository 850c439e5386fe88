// Client-side upload checks with the spec §5 messages. They spare the user a round trip; the server
// decides again from the bytes themselves (a text file named .jpg passes here and is refused there).
import { isAcceptedImageType, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../common/constants';

/** The message for a file that cannot be uploaded, or null when it may be sent. */
export function uploadProblem(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  if (!isAcceptedImageType(file.type)) return UPLOAD_MESSAGES.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
