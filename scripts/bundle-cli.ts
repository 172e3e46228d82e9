// Bundles the `rulepen` CLI (src/cli/main.ts and the engine) into one ES module for Node, so a run starts without
// compiling TypeScript first (bin/rulepen.mjs registers tsx and compiles ≈ 300 modules on every start, ≈ 0.8 s).
// The conformance runner bundles once and spawns the bundle for every case.
//
//   node --import tsx scripts/bundle-cli.ts [OUTFILE]     (default node_modules/.rulepen-cli/rulepen.mjs)

import { build } from 'esbuild';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
export const DEFAULT_CLI_BUNDLE = resolve(ROOT, 'node_modules/.rulepen-cli/rulepen.mjs');

export async function bundleCli(outfile: string = DEFAULT_CLI_BUNDLE): Promise<string> {
  await build({
    entryPoints: [resolve(ROOT, 'src/cli/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // just-bash loads these optional compressors lazily (zstd, xz); they are not installed and never used.
    external: ['@mongodb-js/zstd', 'node-liblzma', '@napi-rs/*'],
    // Some bundled CommonJS modules call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __rulepenRequire } from 'node:module'; const require = __rulepenRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
