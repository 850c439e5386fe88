import { useSyncExternalStore, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Outlet } from 'react-router';
import { getRelayEnvironment, subscribeRelayEnvironment } from './environment';

export function RelayProvider({ children }: { children: ReactNode }) {
  const environment = useSyncExternalStore(subscribeRelayEnvironment, getRelayEnvironment);
  return <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>;
}

/** The layout route of every screen with server data: Relay comes with it, not with the first page. */
export function RelayOutlet() {
  return (
    <RelayProvider>
      <Outlet />
    </RelayProvider>
  );
}
