import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, launchBrowser, openApp, WIDTHS, type Width } from '../helpers/browser';
import { seedTour, type Tour } from './tour';

/**
 * Every page at 1280 px and 390 px with data on it: no serious or critical axe violation, nothing
 * wider than the window, no script error or CSP refusal. The same tour makes `npm run screenshots`.
 */
describe('web app: every page at both widths (axe, layout, CSP)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let browser: Browser;
  let tour: Tour;

  before(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    tour = await seedTour(app);
  });
  after(async () => {
    await Promise.all([browser?.close(), tour?.receiver.close()]);
    await app?.stop();
  });

  for (const width of Object.keys(WIDTHS) as Width[]) {
    it(`${width} (${WIDTHS[width].width} px)`, async () => {
      const signedIn = await openApp(browser, app, tour.company.token, width);
      const signedOut = await openApp(browser, app, null, width);
      for (const stop of tour.stops) {
        const { page } = stop.signedIn ? signedIn : signedOut;
        await page.goto(`${app.url}${stop.path}`);
        await stop.ready(page);
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth'));
        expect(overflow, `${stop.name} is wider than the window`).to.be.at.most(WIDTHS[width].width);
        await expectAccessible(page, `${stop.name} at ${WIDTHS[width].width} px`);
      }
      expect([...signedIn.problems, ...signedOut.problems]).to.deep.equal([]);
      await Promise.all([signedIn.context.close(), signedOut.context.close()]);
    });
  }
});
