import { createHash } from 'node:crypto';
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
  return 'built';
}

if (require.main === module) {
  const started = Date.now();
  const result = buildWeb({ force: process.argv.includes('--force') });
  console.log(`web app ${result} (${Date.now() - started} ms): ${path.relative(ROOT, WEB_BUILD_DIR)}`);
}
