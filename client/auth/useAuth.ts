import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuthState, type AuthState } from './session';

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState);
}
