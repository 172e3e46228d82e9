// The production site for the browser benchmarks: `vite build` into a temporary folder, served by `vite preview`.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Preview {
  readonly url: string;
  /** The built site (for measuring its files). */
  readonly dist: string;
  /** Stops the server and removes the build. */
  close(): void;
}

/** Builds the site and serves it on a free-ish port; throws when the build fails or the server does not start. */
export async function buildAndPreview(portBase: number): Promise<Preview> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'rulepen-bench-dist-'));
  const dist = path.join(tmp, 'dist');
  const remove = () => rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const b = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8' });
  if (b.status !== 0) {
    remove();
    throw new Error(`vite build failed (${(b.stderr ?? '').trim().split('\n')[0]})`);
  }
  const port = portBase + (process.pid % 500);
  const server = spawn(process.execPath, [vite, 'preview', '--outDir', dist, '--port', String(port), '--strictPort'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const close = () => {
    server.kill();
    remove();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
      server.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes(String(port))) {
          clearTimeout(t);
          resolve();
        }
      });
      server.on('exit', () => reject(new Error('vite preview exited')));
    });
  } catch (e) {
    close();
    throw e;
  }
  return { url: `http://localhost:${port}/`, dist, close };
}
