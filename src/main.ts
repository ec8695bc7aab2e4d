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
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err) => {
  process.stderr.write(`Faktura failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
