#!/usr/bin/env node
// Brief item 10: the first paint of /build/login must ship under 250 KB of gzipped JS.
// Reads Vite's manifest and sums the gzipped size of every JS file the login route loads
// (the entry, its static imports, the lazily loaded route modules on the way to the login page
// with their static imports, and the interface language's bundle). Exits 1 above the budget.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1024;
// The modules the router loads to paint /login: the root error boundary, the guest layout and the page.
const LOGIN_ROUTE_MODULES = [
  'src/app/pages/route-error-page.tsx',
  'src/layouts/guest-layout.tsx',
  'src/features/auth/login-page.tsx',
];

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-login-bundle: no entry in the manifest');
  process.exit(1);
}

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`report-login-bundle: ${key} is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect(entryKey);
for (const key of LOGIN_ROUTE_MODULES) collect(key);
// main.tsx awaits one language bundle before the first paint; count the heaviest (worst case).
const localeKeys = Object.keys(manifest).filter((key) => /^src\/locales\/\w+\.json$/.test(key));
const gzipOf = (key) => gzipSync(readFileSync(join(distDir, manifest[key].file)), { level: 9 }).length;
const heaviestLocale = localeKeys.sort((a, b) => gzipOf(b) - gzipOf(a))[0];
if (heaviestLocale) collect(heaviestLocale);

const rows = [...seen]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);

const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}`);
console.log(`login route JS: ${kb(total)} gzip in ${rows.length} files (budget ${kb(BUDGET_BYTES)})`);

if (total > BUDGET_BYTES) {
  console.error('report-login-bundle: over budget');
  process.exit(1);
}
