// Loads just-bash on first use, so that bundles which never run a shell never fetch it.
//
// This one module is JavaScript on purpose: just-bash's own .d.ts files reach Node's types (through
// undici), and a TypeScript import of 'just-bash' would put them into the engine's DOM-free, Node-free
// type-check. just-bash-loader.d.ts declares the small part of its API that the shell adapter uses.
// In a browser build the bundler picks just-bash's "browser" export; see node-zlib-shim.ts.

let loading;

export function loadJustBash() {
  loading ??= import('just-bash');
  return loading;
}
