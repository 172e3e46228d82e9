// Vite configuration for the rulepen playground: React, an ES-module engine worker, no request off-origin.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The production build's Content-Security-Policy: scripts, workers (the engine's, Monaco's editor worker, the
 * service worker — all files of the site, none from blob:) and every request only from the site's own origin; no
 * inline script, no eval, no plugins, no <base> or form target elsewhere. Styles allow 'unsafe-inline' because
 * Monaco injects <style> elements; images and fonts allow data: (the favicon, Monaco's codicons). As a <meta>
 * tag, so any static host serves it; frame-ancestors and report-uri cannot be set that way.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

/**
 * Adds the policy to the built page only, right after <meta charset> and before any script: the dev server
 * injects an inline React Refresh preamble, which the policy would block.
 */
function contentSecurityPolicy(): Plugin {
  const CHARSET = '<meta charset="UTF-8" />';
  return {
    name: 'rulepen:content-security-policy',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(CHARSET)) throw new Error(`index.html: no ${CHARSET} to put the Content-Security-Policy after`);
      return html.replace(CHARSET, `${CHARSET}\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`);
    },
  };
}

/**
 * Lists every file of the build in sw-precache.json, for the service worker (public/sw.js) to cache as it installs:
 * the chunks the page loads only on demand (panels, dialogs, the graph view, the engine worker's chunks) then work
 * offline too, even if this visit never opened them. Names are relative to the site's root, like sw.js itself.
 */
function serviceWorkerPrecache(): Plugin {
  return {
    name: 'rulepen:service-worker-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => !f.endsWith('.map'))
        .sort();
      // The page itself under both the names it is asked for.
      const urls = ['./', './index.html', ...files.map((f) => `./${f}`)];
      this.emitFile({ type: 'asset', fileName: 'sw-precache.json', source: JSON.stringify(urls, null, 1) + '\n' });
    },
  };
}

/**
 * Monaco's standalone editor API (`monaco-editor/editor`) imports its diff editor and multi-file diff editor for
 * `createDiffEditor` and `createMultiFileDiffEditor`, ≈ 0.05 MB gzip of the page's initial JavaScript. The
 * playground creates neither (the Compare view draws its own line diff), so in the production build the two widget
 * modules are replaced, for those two importers only, by classes that refuse to be constructed. The dev server
 * keeps Monaco whole.
 */
function withoutMonacoDiffEditors(): Plugin {
  const STUB = '\0rulepen:monaco-diff-editor-stub';
  const stubbed: Record<string, string> = {
    '../../browser/widget/diffEditor/diffEditorWidget.js': 'DiffEditorWidget',
    '../../browser/widget/multiDiffEditor/multiDiffEditorWidget.js': 'MultiDiffEditorWidget',
  };
  const importers = /[\\/]monaco-editor[\\/]esm[\\/]vs[\\/]editor[\\/]standalone[\\/]browser[\\/]standalone(CodeEditor|Editor)\.js$/;
  return {
    name: 'rulepen:monaco-without-diff-editors',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && importers.test(importer) && source in stubbed) return `${STUB}:${stubbed[source]}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(STUB + ':')) return null;
      const name = id.slice(STUB.length + 1);
      return `export class ${name} {\n  constructor() {\n    throw new Error('rulepen: Monaco\\'s ${name} is not part of this build');\n  }\n}\n`;
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the built site works from any static host and any sub-path (…/tools/rulepen/).
  base: './',
  plugins: [react(), contentSecurityPolicy(), serviceWorkerPrecache(), withoutMonacoDiffEditors()],
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
    entries: ['index.html', 'src/worker/engine.worker.ts', 'src/ui/panels/query/graph-layout.worker.ts'],
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
