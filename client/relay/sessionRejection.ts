// Whether the server refused this session's token (revoked, disabled, expired for good). Any request may
// find out — a screen's query, a mutation, a refetch — so the app shell, not one screen's error boundary,
// shows the way to sign in again. Cleared when the account changes. Apart from the Relay environment, so
// the shell can watch it without loading Relay (signed-out screens never do).
let sessionRejected = false;
const rejectionListeners = new Set<() => void>();

export function rejectSession(): void {
  if (sessionRejected) return;
  sessionRejected = true;
  for (const listener of rejectionListeners) listener();
}

export function clearSessionRejection(): void {
  if (!sessionRejected) return;
  sessionRejected = false;
  for (const listener of rejectionListeners) listener();
}

export function isSessionRejected(): boolean {
  return sessionRejected;
}

export function subscribeSessionRejection(listener: () => void): () => void {
  rejectionListeners.add(listener);
  return () => rejectionListeners.delete(listener);
}
