import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, WIDTHS, type Width, webFixture } from '../helpers/browser';
import type { Language } from '../helpers/texts';
import { rawKeys, seedTour, textKeys, visitTour, type Tour } from './tour';

/**
 * Every page in Czech and English at 1280 px and 390 px with data on it: no serious or critical axe
 * violation, nothing wider than the window, no script error, CSP refusal or missing text (a console
 * error), and no raw key of the texts shown instead of a text. The same tour makes `npm run screenshots`.
 */
describe('web app: every page in both languages at both widths (axe, layout, CSP, texts)', function () {
  this.timeout(180_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let tour: Tour;
  const keys = textKeys();

  before(async () => {
    ({ app, browser } = web);
    tour = await seedTour(app);
  });
  after(() => tour?.receiver.close());

  for (const language of ['cs', 'en'] as Language[]) {
    for (const width of Object.keys(WIDTHS) as Width[]) {
      it(`${language}, ${width} (${WIDTHS[width].width} px)`, async () => {
        const problems = await visitTour(browser, app, tour, width, language, async (stop, page) => {
          const where = `${stop.name} (${language}) at ${WIDTHS[width].width} px`;
          const overflow = Number(await page.evaluate('document.documentElement.scrollWidth'));
          expect(overflow, `${where} is wider than the window`).to.be.at.most(WIDTHS[width].width);
          expect(await rawKeys(page, keys), `${where} shows raw keys`).to.deep.equal([]);
          if (stop.signedIn) {
            const lang = await page.evaluate('document.documentElement.lang');
            expect(lang, `${where}: <html lang>`).to.equal(language);
          }
          await expectAccessible(page, where);
        });
        expect(problems).to.deep.equal([]);
      });
    }
  }
});
