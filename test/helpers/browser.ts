import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb } from '../../scripts/build-web';
import type { TestApp } from './app';
import { text, type Language } from './texts';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
export type Width = keyof typeof WIDTHS;

let built = false;

/** One Chromium per test file; the web app is (re)built first when its sources changed (as `pretest` does). */
export async function launchBrowser(): Promise<Browser> {
  if (!built) {
    buildWeb();
    built = true;
  }
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and CSP refusals seen so far: a page must produce none. */
  problems: string[];
}

/**
 * A fresh browser context signed in with `token` as the httpOnly session cookie (what /app/login
 * sets; the login form itself is driven in shell.test.ts), or signed out without it. The app is
 * shown in `language` (default English, which most tests read): the person's choice is set through
 * the API and the browser's own language matches it (what a signed-out page goes by).
 */
export async function openApp(
  browser: Browser,
  app: TestApp,
  token: string | null,
  width: Width = 'desktop',
  { language = 'en' }: { language?: Language } = {},
): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: WIDTHS[width],
    permissions: [],
    locale: language === 'cs' ? 'cs-CZ' : 'en-GB',
  });
  if (token) {
    const chosen = await app.patch('/api/v1/auth/me', { language }, token);
    if (chosen.status !== 200) throw new Error(`setting the language: ${chosen.status} ${chosen.text}`);
    await context.addCookies([{ name: 'session', value: token, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // A refused request is the browser's report of a status the test provoked; anything else is a fault.
    if (/Content Security Policy|Refused to/.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
    else if (!/^Failed to load resource/.test(msg.text())) problems.push(`console error: ${msg.text()}`);
  });
  return { context, page, problems };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core run in the page (evaluated through the DevTools protocol, so the page's CSP stays as
 * served); fails on any serious or critical violation, listing each with the elements it hit.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target)) })))`,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`),
    `axe on ${where}`,
  ).to.deep.equal([]);
}

/** The text of a one-time secret box, and that it carries the warning and a copy button. */
export async function readOneTimeSecret(page: Page): Promise<string> {
  const box = page.locator('section.secret');
  await box.waitFor();
  // In whichever language the page is shown.
  const warning = await box.locator('.warning').innerText();
  expect([text('en', 'secret.warning'), text('cs', 'secret.warning')]).to.include(warning);
  const copy = warning === text('cs', 'secret.warning') ? text('cs', 'actions.copy') : text('en', 'actions.copy');
  expect(await box.getByRole('button', { name: copy, exact: true }).count()).to.equal(1);
  return (await box.getByTestId('secret-value').innerText()).trim();
}

/** Confirms a destructive action: the dialog opens, nothing happens until its confirm button is pressed. */
export async function confirmDialog(page: Page, confirmLabel: string): Promise<void> {
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirmLabel }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export interface WebFixture {
  app: TestApp;
  browser: Browser;
}

/**
 * Mocha hooks for a web test file: one app and one Chromium for the whole file, started together
 * and stopped after it. Read the fields inside tests and hooks (they are set by the first `before`).
 */
export function webFixture(start: () => Promise<TestApp>): WebFixture {
  const fixture = {} as WebFixture;
  before(async function () {
    this.timeout(60_000);
    [fixture.app, fixture.browser] = await Promise.all([start(), launchBrowser()]);
  });
  after(async () => {
    await fixture.browser?.close();
    await fixture.app?.stop();
  });
  return fixture;
}

/** cs-CZ money as the pages print it: "2 375,00 Kč" with a (narrow) no-break space between thousands. */
export const money = (text: string) => new RegExp(text.replace(/ /g, '\\s'));
