#!/usr/bin/env node
// The `rulepen` command: runs the prebuilt bundle of the CLI (scripts/cli-bundle.mjs; built at `npm ci`), building
// it first when it is missing or older than the sources. RULEPEN_TSX=1 runs the TypeScript sources through tsx.
import { bundleIsCurrent, bundleCli, CLI_BUNDLE } from '../scripts/cli-bundle.mjs';

if (process.env.RULEPEN_TSX === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  if (!bundleIsCurrent()) await bundleCli();
  await import(CLI_BUNDLE);
}
