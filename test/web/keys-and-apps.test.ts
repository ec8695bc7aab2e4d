import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { confirmDialog, expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, type Company } from '../helpers/fixtures';
import { text } from '../helpers/texts';

/**
 * The API keys and OAuth applications pages in Czech (their English runs are in integrations.test.ts
 * and people-and-apps.test.ts): every text from the pages' namespaces, Czech number formats.
 */
describe('web app: API keys and OAuth applications pages in Czech', function () {
  this.timeout(60_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app);
  });

  /** The one-time secret box (in Czech) of `label`: its value, then "I have copied it". */
  async function takeSecret(page: import('playwright-core').Page, label: string): Promise<string> {
    const box = page.getByRole('region', { name: label });
    await box.waitFor();
    expect(await box.innerText()).to.include(text('cs', 'secret.warning'));
    const value = (await box.getByTestId('secret-value').innerText()).trim();
    await box.getByRole('button', { name: text('cs', 'actions.haveCopied') }).click();
    return value;
  }

  it('creates an API key (shown once, working), shows its sections and usage in Czech, deletes it', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `api-keys:${key}`, options);
    const { page, context, problems } = await openApp(browser, app, company.token, 'desktop', { language: 'cs' });
    await page.goto(`${app.url}/app/api-keys`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await expectAccessible(page, 'API keys in Czech, empty');
    await page.getByLabel(cs('create.name')).fill('Export do účetnictví');
    const documents = page.getByLabel(text('cs', 'sections.documents'));
    await documents.selectOption({ label: cs('levels.none') });
    await page.getByRole('button', { name: cs('create.submit') }).click();
    const key = await takeSecret(page, cs('create.secretLabel', { name: 'Export do účetnictví' }));
    expect(key).to.match(/^fk_[0-9a-f]{64}$/);
    for (let i = 0; i < 2; i++) expect((await app.get('/api/v1/organization', key)).status).to.equal(200);

    await page.reload();
    const row = page.getByTestId('key-Export do účetnictví');
    await row.waitFor();
    const sections = await row.getByTestId('sections').innerText();
    expect(sections)
      .to.include(cs('list.section', { section: text('cs', 'sections.contacts'), level: cs('list.granted.write') }))
      .and.not.include(text('cs', 'sections.documents'));
    // cs-CZ groups thousands with a no-break space.
    const thousand = new Intl.NumberFormat('cs-CZ').format(1000);
    expect(await row.getByTestId('usage').innerText()).to.equal(cs('list.used', { used: '2', limit: thousand }));
    expect(await row.locator('td').nth(4).getAttribute('data-label')).to.equal(cs('list.usage'));
    await expectAccessible(page, 'API keys in Czech');

    await row.getByRole('button', { name: cs('delete.label') }).click();
    await page.getByRole('dialog', { name: cs('delete.title', { name: 'Export do účetnictví' }) }).waitFor();
    await confirmDialog(page, cs('delete.confirm'));
    await page.getByText(cs('list.empty')).waitFor();
    expect((await app.get('/api/v1/organization', key)).status).to.equal(401);
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('registers an OAuth application (the refused redirect URI explained in Czech), rotates its secret, disables and enables it', async () => {
    const cs = (key: string, options?: Record<string, unknown>) => text('cs', `oauth-applications:${key}`, options);
    const { page, context, problems } = await openApp(browser, app, company.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/oauth-applications`);
    await page.getByRole('heading', { name: cs('title'), level: 1 }).waitFor();
    await page.getByText(cs('list.empty')).waitFor();
    await expectAccessible(page, 'OAuth applications in Czech, empty');
    await page.getByLabel(cs('fields.name'), { exact: true }).fill('Skladový systém');
    await page.getByLabel(cs('fields.description'), { exact: true }).fill('Přenáší faktury do skladu');
    await page.getByLabel(cs('fields.redirectUris')).fill('http://sklad.example.cz/callback');
    await page.getByLabel('documents:read').check();
    await page.getByRole('button', { name: cs('register.submit') }).click();
    const uriError = page.locator('#redirect-uris-error');
    await uriError.waitFor();
    // Czech pages show the field's text by its name, never the server's English.
    const shown = await uriError.innerText();
    expect(shown).not.to.match(/https/);
    expect([safeText('errors.fields.redirectUris'), text('cs', 'errors.invalid')]).to.include(shown);
    await expectAccessible(page, 'OAuth application form in Czech with an error');
    await page.getByLabel(cs('fields.redirectUris')).fill('https://sklad.example.cz/callback');
    await page.getByRole('button', { name: cs('register.submit') }).click();
    const secret = await takeSecret(page, cs('register.secretLabel', { name: 'Skladový systém' }));
    expect(secret).to.match(/^fcs_[0-9a-f]{64}$/);
    expect(await page.locator('.notice').innerText()).to.include(cs('registered'));

    const card = page.getByTestId('app-Skladový systém');
    await card.waitFor();
    expect(await card.innerText())
      .to.include(cs('card.confidential'))
      .and.include(cs('card.redirectUris', { uris: 'https://sklad.example.cz/callback' }))
      .and.include(cs('card.scopes', { scopes: 'documents:read' }));
    await card.getByRole('button', { name: cs('rotate.label') }).click();
    await confirmDialog(page, cs('rotate.confirm'));
    const rotated = await takeSecret(page, cs('list.newSecretLabel', { name: 'Skladový systém' }));
    expect(rotated)
      .to.match(/^fcs_[0-9a-f]{64}$/)
      .and.not.equal(secret);

    await card.getByRole('button', { name: cs('disable.label') }).click();
    await confirmDialog(page, cs('disable.confirm'));
    await card.getByText(cs('card.disabled'), { exact: true }).waitFor();
    await expectAccessible(page, 'OAuth applications in Czech');
    await card.getByRole('button', { name: cs('card.enable') }).click();
    await card.getByRole('button', { name: cs('disable.label') }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});

/** A Czech common text that may not exist (yet): null instead of throwing. */
function safeText(key: string): string | null {
  try {
    return text('cs', key);
  } catch {
    return null;
  }
}
