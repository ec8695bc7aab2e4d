import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import {
  BUNDLE_SIZE_FILE,
  buildWeb,
  INITIAL_JS_BUDGET,
  measureInitialJs,
  type BundleSize,
} from '../../scripts/build-web';

/**
 * Issue 30 point 5: the initial JavaScript of /app/ (the entry script and its static imports; the
 * pages and their texts load on demand) stays under 250 KB gzipped, as the build measures and records it.
 */
describe('web app: the initial JavaScript stays under 250 KB gzipped', function () {
  this.timeout(120_000);

  it('the build records the size in dist/web/bundle-size.json, under the budget; no page is in it', () => {
    buildWeb();
    const measured = measureInitialJs();
    if (!existsSync(BUNDLE_SIZE_FILE)) expect.fail('the build wrote no bundle-size.json');
    const recorded = JSON.parse(readFileSync(BUNDLE_SIZE_FILE, 'utf8')) as BundleSize;
    expect(recorded.gzipBytes).to.equal(measured.gzipBytes);
    expect(measured.files.length).to.be.at.least(2);
    expect(measured.files.some((f) => /^assets\/index-[\w-]+\.js$/.test(f.file))).to.equal(true);
    expect(measured.gzipBytes, `${(measured.gzipBytes / 1024).toFixed(1)} KB`).to.be.below(INITIAL_JS_BUDGET);
    // The lazy parts (a page, the chart library) are not loaded up front.
    for (const lazy of [/Sessions/i, /chart/i, /TwoFactor/i])
      expect(measured.files.map((f) => f.file).filter((f) => lazy.test(f))).to.deep.equal([]);
  });
});
