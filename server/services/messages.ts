// The specification's §8 data-call messages and our not-found messages, produced here and nowhere
// else. A not-found message never depends on whether the row exists for someone else.
import { AppError } from '../domain/errors';

export const FAILURE = {
  upload: 'Failed to upload image',
  analyze: 'Failed to analyze image',
  listAnalyses: 'Failed to fetch aerial analyses',
  getAnalysis: 'Failed to fetch aerial analysis',
  analysisStatistics: 'Failed to fetch aerial analysis statistics',
  listRiskZones: 'Failed to fetch risk zones',
  createRiskZone: 'Failed to create risk zone',
  riskZoneStatistics: 'Failed to fetch aerial statistics',
  deleteAnalysis: 'Failed to delete analysis',
  deleteRiskZone: 'Failed to delete risk zone',
  image: 'Failed to load image',
  verifyUser: 'Failed to verify user',
  endGuestSession: 'Failed to log out',
  transferGuestSession: 'Failed to move the guest session into your account',
} as const;

export const NOT_FOUND = {
  analysis: 'Analysis not found',
  image: 'Image not found',
  riskZone: 'Risk zone not found',
} as const;

/** Spec §5: the create-assessment form's one message. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/**
 * The one owner of an operation's user-facing message for unexpected failures: every service entry point
 * runs in it, and neither transport adds a fallback of its own. Runs a service step; an unexpected failure (a database error, a full disk) is logged with its
 * cause and surfaces as the operation's §8 message with code INTERNAL. Expected failures (AppError)
 * pass through unchanged.
 */
export async function failingAs<T>(message: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error(`[services] ${message}:`, error);
    throw new AppError('INTERNAL', message, { cause: error });
  }
}
