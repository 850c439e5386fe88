import { useSyncExternalStore, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { getRelayEnvironment, subscribeRelayEnvironment } from './environment';

export function RelayProvider({ children }: { children: ReactNode }) {
  const environment = useSyncExternalStore(subscribeRelayEnvironment, getRelayEnvironment);
  return <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>;
}
