// Upload and analysis outcomes the form tells apart: a spec §5 validation message is shown as it is,
// anything else as the screen message of spec §8.

import { UserFacingError } from '../../relay/useTypedMutation';

export const UPLOAD_FAILED_MESSAGE = 'Failed to upload or analyze image. Please try again.';

export function uploadErrorMessage(error: unknown): string {
  return error instanceof UserFacingError ? error.message : UPLOAD_FAILED_MESSAGE;
}
