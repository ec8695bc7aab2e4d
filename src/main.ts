import 'reflect-metadata';
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { startApp } from './app';
import { EmbeddedStartError } from './core/db/embedded';
import { SecretBoxError } from './core/secret-box';

/**
 * One line saying what failed and what fixes it: the start of a newcomer's first run must never end
 * in a stack trace. LOG_LEVEL=debug adds the stack of an unexpected failure.
 */
function describeStartFailure(err: unknown, config: Config | undefined): string {
  if (err instanceof ConfigError || err instanceof EmbeddedStartError) return err.message;
  // The master key: a key file that holds none, or a key that did not seal the database's secrets.
  if (err instanceof SecretBoxError) return `Faktura cannot start: ${err.message}`;
  const e = err as NodeJS.ErrnoException & { syscall?: string; port?: number };
  if (e?.syscall === 'listen' && e.code === 'EADDRINUSE')
    return `Faktura cannot listen: port ${e.port ?? config?.PORT} is in use; set PORT to a free port`;
  if (e?.syscall === 'listen' && e.code === 'EACCES')
    return `Faktura cannot listen on port ${e.port ?? config?.PORT} (EACCES); set PORT to a port above 1023`;
  if (e?.code === 'ECONNREFUSED' && config?.DATABASE_URL)
    return `Faktura cannot reach the database at DATABASE_URL (ECONNREFUSED); start it, or unset DATABASE_URL to use the embedded one`;
  const message = err instanceof Error ? err.message : String(err);
  return `Faktura failed to start: ${message.split('\n')[0]}`;
}

async function main(): Promise<void> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    const app = await startApp(config);
    // README "Stopping": the first signal stops gracefully (exit 0, or 1 when the grace period had to
    // cut something); a second one cuts at once.
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        app.cut(`a second ${signal} arrived`);
        // Should closing hang after the cut, the process still ends.
        setTimeout(() => process.exit(1), 15_000).unref();
        return;
      }
      stopping = true;
      app.stop().then(
        (cut) => process.exit(cut.length > 0 ? 1 : 0),
        () => process.exit(1),
      );
    };
    // Started by scripts/cluster.ts: the primary sends SIGTERM to each process; a Ctrl-C reaches the whole
    // process group, and counted here too it would be a second signal and cut the graceful stop.
    if (cluster.isWorker) process.on('SIGINT', () => undefined);
    for (const signal of cluster.isWorker ? (['SIGTERM'] as const) : (['SIGTERM', 'SIGINT'] as const))
      process.on(signal, onSignal);
  } catch (err) {
    process.stderr.write(`${describeStartFailure(err, config)}\n`);
    if (config?.LOG_LEVEL === 'debug' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  }
}

void main();
