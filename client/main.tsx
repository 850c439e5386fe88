import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { initAuth, onUserChange } from './auth/session';
import { StartupError } from './components/StartupError';
import './index.css';
import { resetRelayEnvironment } from './relay/environment';
import { RelayProvider } from './relay/RelayProvider';
import { routes } from './routes';
import { watchTheme } from './theme/theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

watchTheme();
// A new account gets a fresh Relay store, so nothing cached for one user is shown to the next.
onUserChange(() => resetRelayEnvironment());

try {
  await initAuth();
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <RelayProvider>
        <RouterProvider router={router} />
      </RelayProvider>
    </StrictMode>,
  );
} catch (error) {
  console.error('Aerisk could not start', error);
  root.render(<StartupError />);
}
