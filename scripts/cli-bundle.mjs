// The prebuilt `rulepen` CLI: src/cli/main.ts and the engine bundled by esbuild into one ES module (with a source
// map) under node_modules/.rulepen-cli, so a run starts without compiling TypeScript (tsx compiles ≈ 300 modules,
// ≈ 0.7 s). Plain JavaScript so bin/rulepen.mjs can use it without tsx.
//
// Staleness: the bundle is current while the stamp file beside it holds the newest modification time of the (non-test)
// sources it was built from (src/cli, src/engine, package-lock.json). Checking is one stat per source file
// (≈ 250, a few ms), no reading; `npm ci` builds the bundle (the `prepare` script) and bin/rulepen.mjs rebuilds
// it on a run that finds it missing or older than the sources, so editing src/ never runs a stale bundle.

import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = join(ROOT, 'node_modules/.rulepen-cli/rulepen.mjs');
const STAMP = join(ROOT, 'node_modules/.rulepen-cli/sources-mtime');
const SOURCE_DIRS = ['src/cli', 'src/engine'];
const SOURCE_FILES = ['package-lock.json', 'scripts/cli-bundle.mjs'];

/** The newest modification time (ms) of the files the bundle is built from. */
export function newestSourceMtime() {
  let newest = 0;
  // Every run checks it, so cheaply: directory entries say which names are directories (one stat per file, none
  // per directory), and paths are joined by hand (path.join normalises each one).
  const file = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (st && st.mtimeMs > newest) newest = st.mtimeMs;
  };
  const dir = (p) => {
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const q = p + '/' + e.name;
      if (e.isDirectory() || (e.isSymbolicLink() && statSync(q, { throwIfNoEntry: false })?.isDirectory())) dir(q);
      else if (!e.name.endsWith('.test.ts')) file(q);
    }
  };
  for (const d of SOURCE_DIRS) if (statSync(join(ROOT, d), { throwIfNoEntry: false })?.isDirectory()) dir(join(ROOT, d));
  for (const f of SOURCE_FILES) file(join(ROOT, f));
  return newest;
}

/** Whether the bundle exists and was built from the sources as they are now. */
export function bundleIsCurrent() {
  let stamp;
  try {
    stamp = Number(readFileSync(STAMP, 'utf8'));
  } catch {
    return false;
  }
  return statSync(CLI_BUNDLE, { throwIfNoEntry: false }) !== undefined && stamp === newestSourceMtime();
}

/** Builds the bundle (to outfile; the default one gets the stamp) and returns its path. */
export async function bundleCli(outfile = CLI_BUNDLE) {
  const mtime = newestSourceMtime(); // before building: an edit during the build leaves the bundle stale
  const { build } = await import('esbuild');
  // Chunk names carry content hashes: drop the previous build's so they do not pile up.
  rmSync(join(dirname(outfile), 'chunks'), { recursive: true, force: true });
  await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts')],
    // Split at dynamic imports: `version` loads a small chunk, not the engine.
    outdir: dirname(outfile),
    entryNames: basename(outfile, '.mjs'),
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // just-bash loads these optional compressors lazily (zstd, xz); they are not installed and never used.
    external: ['@mongodb-js/zstd', 'node-liblzma', '@napi-rs/*'],
    // Some bundled CommonJS modules call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __rulepenRequire } from 'node:module'; const require = __rulepenRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  if (resolve(outfile) === CLI_BUNDLE) writeFileSync(STAMP, String(mtime));
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
