// Vite configuration for the rulepen playground: React, an ES-module engine worker, no request off-origin.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  // Relative asset URLs: the built site works from any static host and any sub-path (…/tools/rulepen/).
  base: './',
  plugins: [react()],
  resolve: {
    // just-bash's browser bundle imports node:zlib; the shell's shim provides it over pako (app and worker).
    // An absolute file path: the dev server's dependency optimizer resolves a root-relative one against
    // node_modules/just-bash and fails.
    alias: { 'node:zlib': fileURLToPath(new URL('./src/engine/actions/shell/node-zlib-shim.ts', import.meta.url)) },
  },
  worker: {
    // Keeps dynamic imports inside the worker as lazy chunks (STACK.md).
    format: 'es',
  },
  optimizeDeps: {
    // Listing the worker here stops the dev server from reloading the page when it discovers
    // worker-only dependencies a few seconds after the first load (STACK.md).
    entries: ['index.html', 'src/worker/engine.worker.ts'],
  },
  server: {
    port: 5173,
    strictPort: true,
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  build: {
    target: 'es2022',
    // Monaco is most of the page; a warning about it on every build is noise.
    chunkSizeWarningLimit: 4096,
  },
});
