import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WEB_BUILD_DIR } from '../src/core/http/web-app';

/**
 * Builds the web app into dist/web (git-ignored) when its sources changed since the last build;
 * run by `prestart` and `pretest`, so a fresh clone serves and tests the app with no other step.
 * "Changed" is by content (a hash of every source file, the Vite config and the locked
 * dependencies), not by mtime: a checkout or a branch switch that leaves the sources as they were
 * costs ~0.1 s, an edit costs a build (~2 s).
 */
const ROOT = path.resolve(__dirname, '..');
const STAMP = path.join(WEB_BUILD_DIR, '.source-hash');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [...files(path.join(ROOT, 'src/web')), path.join(ROOT, 'package-lock.json')].sort();
  for (const file of inputs)
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export function buildWeb({ force = false } = {}): 'built' | 'up to date' {
  const hash = sourceHash();
  if (
    !force &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8') === hash &&
    existsSync(path.join(WEB_BUILD_DIR, 'index.html'))
  )
    return 'up to date';
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'src/web/vite.config.mts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  writeFileSync(STAMP, hash);
  writeBundleSize();
  return 'built';
}

/** The initial JavaScript of /app/ may weigh at most this many gzipped bytes (issue 30 point 5). */
export const INITIAL_JS_BUDGET = 250 * 1024;
export const BUNDLE_SIZE_FILE = path.join(WEB_BUILD_DIR, 'bundle-size.json');

export interface BundleSize {
  /** Gzipped bytes of the entry script and everything it loads before the first page shows. */
  gzipBytes: number;
  budget: number;
  files: { file: string; bytes: number; gzipBytes: number }[];
}

/**
 * What a browser loads of the built app before any page: the entry script of index.html, its
 * modulepreloads and, transitively, every chunk they import statically (`import … from "./x.js"`;
 * `import("./x.js")`, the lazy pages and texts, is not counted). Gzipped at level 9, as served.
 */
export function measureInitialJs(): BundleSize {
  const index = readFileSync(path.join(WEB_BUILD_DIR, 'index.html'), 'utf8');
  const assetPath = (url: string) => path.join(WEB_BUILD_DIR, url.replace(/^\/app\//, ''));
  const pending = [
    ...index.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...index.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((m) => assetPath(m[1]));
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g))
      pending.push(path.resolve(path.dirname(file), m[1]));
  }
  const files = [...seen].sort().map((file) => {
    const content = readFileSync(file);
    return {
      file: path.relative(WEB_BUILD_DIR, file),
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), budget: INITIAL_JS_BUDGET, files };
}

/** Measures the built app's initial JavaScript and writes it to dist/web/bundle-size.json. */
export function writeBundleSize(): BundleSize {
  const size = measureInitialJs();
  writeFileSync(BUNDLE_SIZE_FILE, `${JSON.stringify(size, null, 2)}\n`);
  return size;
}

if (require.main === module) {
  const started = Date.now();
  const result = buildWeb({ force: process.argv.includes('--force') });
  console.log(`web app ${result} (${Date.now() - started} ms): ${path.relative(ROOT, WEB_BUILD_DIR)}`);
  const size = writeBundleSize();
  console.log(
    `initial JavaScript of /app/: ${(size.gzipBytes / 1024).toFixed(1)} KB gzipped in ${size.files.length} files ` +
      `(budget ${size.budget / 1024} KB): ${path.relative(ROOT, BUNDLE_SIZE_FILE)}`,
  );
}
