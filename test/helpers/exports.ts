import { expect } from 'chai';
import type { TestApp } from './app';

/** Bulk exports (issue 27 point 4) in tests: ask for one, run the due jobs, read the file. */

/** POST /api/v1/exports; expects 202 and returns the export's id. */
export async function createExport(app: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await app.post('/api/v1/exports', body, token);
  expect(res.status, res.text).to.equal(202);
  expect(res.body.status).to.equal('QUEUED');
  return res.body.id as string;
}

/** Runs every job due by the app's Clock (the export jobs among them). */
export async function runJobs(app: TestApp): Promise<void> {
  const res = await app.post('/api/test/jobs/run-due', {});
  expect(res.status, res.text).to.equal(200);
}

/** GET /api/v1/exports/:id. */
export async function getExport(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.get(`/api/v1/exports/${id}`, token);
  expect(res.status, res.text).to.equal(200);
  return res.body;
}

/** Fetches `path` (a download) as bytes with the given bearer token, if any. */
export async function fetchBytes(
  app: TestApp,
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const url = path.startsWith('http') ? path : app.url + path;
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Creates the export, runs it and returns its record (DONE) and its file through the download link. */
export async function exportFile(
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<{ record: any; bytes: Buffer }> {
  const id = await createExport(app, token, body);
  await runJobs(app);
  const record = await getExport(app, token, id);
  expect(record.status, JSON.stringify(record)).to.equal('DONE');
  const file = await fetchBytes(app, record.downloadUrl);
  expect(file.status, file.bytes.toString()).to.equal(200);
  return { record, bytes: file.bytes };
}
