// A tiny static file server for the hosting check: serves a built site under a sub-path only (everything else is
// 404), as a plain static host would — no SPA fallback, no rewriting. With a second sub-path it serves the same
// site there too, every response carrying the page's own Content-Security-Policy (read from the built
// index.html's <meta>) as an HTTP header, as a host that copies it into its configuration would: a header also
// governs the workers' scripts, which a <meta> in the page does not.
// Usage: node e2e/hosting/static-server.mjs DIR PORT /sub/path/ [/sub/path/with/csp-header/]

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const [dir, port, plainPrefix, headerPrefix] = process.argv.slice(2);
const policyOf = async () => {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
  if (!meta) throw new Error('static-server: the built index.html has no Content-Security-Policy <meta>');
  return meta[1];
};
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const withHeader = headerPrefix !== undefined && url.pathname.startsWith(headerPrefix);
  const prefix = withHeader ? headerPrefix : plainPrefix;
  if (!url.pathname.startsWith(prefix)) {
    res.writeHead(404).end('not found');
    return;
  }
  const headers = withHeader ? { 'content-security-policy': await policyOf() } : {};
  let rel = decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html';
  if (rel.endsWith('/')) rel += 'index.html';
  const file = normalize(join(dir, rel));
  if (!file.startsWith(normalize(dir))) {
    res.writeHead(403).end();
    return;
  }
  try {
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    const body = await readFile(file);
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404, headers).end('not found');
  }
}).listen(Number(port), '127.0.0.1');
