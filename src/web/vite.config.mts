import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server the dev server forwards API calls to (npm start in another terminal). */
const api = process.env.FAKTURA_API ?? 'http://localhost:3000';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: path.resolve(here, '../../dist/web'),
    emptyOutDir: true,
    // One request fewer and no inline script: the CSP allows scripts from this origin only.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': api,
      '/api': api,
      '/app/login': api,
      '/app/oauth': api,
    },
  },
});
