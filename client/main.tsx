import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { initAuth, onUserChange } from './auth/session';
import { StartupError } from './components/StartupError';
import './index.css';
import { clearSessionRejection } from './relay/sessionRejection';
import { routes } from './routes';
import { watchTheme } from './theme/theme';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

watchTheme();
// A new account starts without the last one's refused session (the Relay environment, once loaded,
// also starts afresh: relay/environment.ts).
onUserChange(() => clearSessionRejection());

try {
  await initAuth();
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  console.error('Aerisk could not start', error);
  root.render(<StartupError />);
}
