import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

// The API server (npm start) that `vite dev` forwards to; the built client is served by that server itself.
const apiOrigin = process.env.AERISK_API_ORIGIN ?? 'http://127.0.0.1:3000';
// Exact prefixes: client modules live under /auth/… in dev and screens under /aerial-risk, neither of
// which may be forwarded.
const apiPaths = ['/graphql', '/api/', '/auth/verify-user', '/aerial/', '/places/'];

export default defineConfig({
  root: clientDir,
  plugins: [react(), relay, tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    // No source maps in the build unless asked for (AERISK_SOURCEMAPS=1): a production server never
    // serves them either (server/http/static.ts), but the safest map is the one never written.
    sourcemap: process.env.AERISK_SOURCEMAPS === '1',
    // Read by bench/client-size.ts (what a first visit to a route downloads).
    manifest: true,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than the app, so it gets its own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](relay-runtime|react-relay|fbjs|invariant)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiOrigin, changeOrigin: false }])),
  },
});
