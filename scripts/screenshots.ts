import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startTestApp } from '../test/helpers/app';
import { launchBrowser, WIDTHS, type Width } from '../test/helpers/browser';
import { stopSharedPostgres } from '../test/helpers/postgres';
import { seedTour, visitTour } from '../test/web/tour';

/**
 * `npm run screenshots`: starts the app on a scratch database (as the tests do), fills one company
 * with something on every page and writes docs/screenshots/<page>-<lang>-<width>.png for every page
 * in Czech and English at 1280 px and 390 px. The pages are those of test/web/tour.ts, which the every-page test checks.
 */
const OUT = path.resolve(__dirname, '../docs/screenshots');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await startTestApp();
  const browser = await launchBrowser();
  const tour = await seedTour(app);
  try {
    for (const language of ['cs', 'en'] as const) {
      for (const width of Object.keys(WIDTHS) as Width[]) {
        await visitTour(browser, app, tour, width, language, async (stop, page) => {
          const file = path.join(OUT, `${stop.name}-${language}-${WIDTHS[width].width}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(process.cwd(), file));
        });
      }
    }
  } finally {
    await browser.close();
    await tour.receiver.close();
    await app.stop();
    await stopSharedPostgres();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
