import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../helpers/app';

const REDOCLY = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'redocly');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** Redocly CLI's recommended rules over a description file, with no telemetry (no network here). */
export async function redoclyLint(file: string): Promise<LintReport> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  // The CLI exits 1 when it finds errors; the JSON report on stdout says what they are either way.
  const { stdout } = await promisify(execFile)(REDOCLY, ['lint', file, '--format=json', '--extends=recommended'], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err) => err);
  return JSON.parse(stdout) as LintReport;
}

describe('OpenAPI description: Redocly CLI recommended rules', () => {
  let app: TestApp;
  let dir: string;
  before(async () => {
    app = await startTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-openapi-'));
  });
  after(async () => {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the live /api/v1/openapi.json has no error and no warning', async () => {
    const res = await app.get('/api/v1/openapi.json');
    expect(res.status).to.equal(200);
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, res.text);
    const report = await redoclyLint(file);
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).to.deep.equal([]);
    expect(report.totals).to.include({ errors: 0, warnings: 0 });
  });
});
