import 'reflect-metadata';
import { startSharedPostgres, stopSharedPostgres } from './postgres';

/**
 * Global fixtures, run once in mocha's main process: one embedded PostgreSQL for the whole run. Before
 * the workers of a parallel run (`npm test`) are forked, so they inherit its address; root hooks would
 * run once per file in each worker instead.
 */
export async function mochaGlobalSetup(): Promise<void> {
  await startSharedPostgres();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopSharedPostgres();
}
