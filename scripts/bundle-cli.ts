// Bundles the `rulepen` CLI into one ES module for Node (scripts/cli-bundle.mjs holds the build; this module
// gives it to TypeScript callers such as the conformance runner, which bundles once and spawns the bundle).
//
//   node --import tsx scripts/bundle-cli.ts [OUTFILE]     (default node_modules/.rulepen-cli/rulepen.mjs)

import { resolve } from 'node:path';
// @ts-expect-error plain JavaScript module without type declarations
import { CLI_BUNDLE, bundleCli as build } from './cli-bundle.mjs';

export const DEFAULT_CLI_BUNDLE: string = CLI_BUNDLE;

export async function bundleCli(outfile: string = DEFAULT_CLI_BUNDLE): Promise<string> {
  return (await build(outfile)) as string;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined));
}
