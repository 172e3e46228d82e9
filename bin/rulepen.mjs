#!/usr/bin/env node
// The `rulepen` command: registers tsx so the TypeScript sources run as they are, then starts the CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
