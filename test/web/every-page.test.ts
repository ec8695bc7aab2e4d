import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, WIDTHS, type Width, webFixture } from '../helpers/browser';
import { seedTour, visitTour, type Tour } from './tour';

/**
 * Every page at 1280 px and 390 px with data on it: no serious or critical axe violation, nothing
 * wider than the window, no script error or CSP refusal. The same tour makes `npm run screenshots`.
 */
describe('web app: every page at both widths (axe, layout, CSP)', function () {
  this.timeout(120_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let tour: Tour;

  before(async () => {
    ({ app, browser } = web);
    tour = await seedTour(app);
  });
  after(() => tour?.receiver.close());

  for (const width of Object.keys(WIDTHS) as Width[]) {
    it(`${width} (${WIDTHS[width].width} px)`, async () => {
      const problems = await visitTour(browser, app, tour, width, async (stop, page) => {
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth'));
        expect(overflow, `${stop.name} is wider than the window`).to.be.at.most(WIDTHS[width].width);
        await expectAccessible(page, `${stop.name} at ${WIDTHS[width].width} px`);
      });
      expect(problems).to.deep.equal([]);
    });
  }
});
