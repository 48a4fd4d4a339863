#!/usr/bin/env node
/**
 * Every "SPEC n" / "SPEC n.n" cited in the code must resolve to a heading with that number in
 * docs/requirements.md (the in-repo restatement of the product contract).
 *
 * Scans apps/, packages/, e2e/, scripts/, docs/ and the root README.md. A citation is "SPEC "
 * followed by a section number; lists such as "SPEC 2.1 / 4", "SPEC 3/9", "SPEC 5 and 8" or
 * "SPEC 2.4, 4, 8" count every number. Exits 1 and lists the missing numbers with where they are
 * cited; exits 0 otherwise.
 *
 * Usage: node scripts/check-spec-refs.mjs [--list]   (--list prints every cited number and its count)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const requirementsPath = join(root, 'docs', 'requirements.md');
const scanRoots = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'README.md'];
const skipDirs = new Set(['node_modules', 'dist', 'build', 'coverage', 'data', 'artifacts', '.git', '.vite']);
const maxFileBytes = 2 * 1024 * 1024;

// "SPEC 2.4", then optional list continuations ", 4", " / 9", "/5", " and 8", " & 3".
const citation = /\bSPEC (\d+(?:\.\d+)*)((?:\s*(?:\/|,|and|&)\s*\d{1,2}(?:\.\d{1,2})*\b)*)/g;
const continuation = /\d{1,2}(?:\.\d{1,2})*/g;
// "## 2. Screens", "### 2.4 Orders screen": the number right after the hashes.
const heading = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?(?:\s|$)/;

function* files(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (stat.isFile()) {
    if (stat.size <= maxFileBytes) yield path;
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && skipDirs.has(entry.name)) continue;
    yield* files(join(path, entry.name));
  }
}

/** number -> [{file, line}] */
const cited = new Map();
function cite(number, file, line) {
  if (!cited.has(number)) cited.set(number, []);
  cited.get(number).push({ file, line });
}

for (const scanRoot of scanRoots) {
  for (const file of files(join(root, scanRoot))) {
    const text = readFileSync(file);
    if (text.includes(0)) continue; // binary
    const lines = text.toString('utf8').split('\n');
    const rel = relative(root, file);
    lines.forEach((content, index) => {
      for (const match of content.matchAll(citation)) {
        cite(match[1], rel, index + 1);
        for (const more of match[2].matchAll(continuation)) cite(more[0], rel, index + 1);
      }
    });
  }
}

let requirements;
try {
  requirements = readFileSync(requirementsPath, 'utf8');
} catch {
  console.error(`check-spec-refs: ${relative(root, requirementsPath)} is missing.`);
  process.exit(1);
}
const headings = new Set();
let fenced = false;
for (const line of requirements.split('\n')) {
  if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
  if (fenced) continue;
  const match = heading.exec(line);
  if (match) headings.add(match[1]);
}

const byNumber = (a, b) => a.localeCompare(b, 'en', { numeric: true });
const numbers = [...cited.keys()].sort(byNumber);
const citations = [...cited.values()].reduce((sum, places) => sum + places.length, 0);
const missing = numbers.filter((n) => !headings.has(n));

if (process.argv.includes('--list')) {
  for (const n of numbers) console.log(`SPEC ${n}: ${cited.get(n).length}`);
}

if (missing.length) {
  console.error(`check-spec-refs: ${missing.length} cited SPEC number(s) have no heading in docs/requirements.md:`);
  for (const n of missing) {
    const places = cited.get(n);
    const shown = places.slice(0, 5).map((p) => `${p.file}:${p.line}`);
    const more = places.length > 5 ? `, and ${places.length - 5} more` : '';
    console.error(`  SPEC ${n} (${places.length}x): ${shown.join(', ')}${more}`);
  }
  process.exit(1);
}

console.log(
  `check-spec-refs: ${numbers.length} distinct SPEC numbers in ${citations} citations, ` +
    `all resolved in docs/requirements.md (${numbers.join(', ')}).`,
);
