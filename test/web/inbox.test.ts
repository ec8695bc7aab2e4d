import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { expectAccessible, openApp, webFixture } from '../helpers/browser';
import { makeCompany, makeContact, type Company } from '../helpers/fixtures';
import { corpusFile, expectedFields, runJobs, upload } from '../helpers/inbox';
import { moneyText, text } from '../helpers/texts';

/** A text-layer PDF of the corpus (issue 29 point 5) and the fields it states. */
const PDF_NAME = 'f01-kancelar.pdf';
const pdf = () => corpusFile(PDF_NAME);
const expected = () => expectedFields('f01-kancelar');

/** Drops a file on the upload zone as a browser does: a drop event whose DataTransfer carries it. */
async function dropFile(page: Page, filename: string, bytes: Buffer): Promise<void> {
  // A string, as browser.ts evaluates axe: the test project is compiled without the DOM library.
  const transfer = await page.evaluateHandle(`(() => {
    const binary = atob(${JSON.stringify(bytes.toString('base64'))});
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(binary, (c) => c.charCodeAt(0))], ${JSON.stringify(filename)}, { type: 'application/pdf' }));
    return dt;
  })()`);
  await page.getByTestId('inbox-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

/** The item's row once its status reads `status`; the page refreshes itself while items are read. */
async function waitForRow(page: Page, index: number, status: string): Promise<void> {
  await page
    .getByTestId(`inbox-item-${PDF_NAME}`)
    .nth(index)
    .getByTestId('inbox-status')
    .getByText(status, { exact: true })
    .waitFor({ timeout: 60_000 });
}

/** The costs inbox page (issue 29 point 6): upload, the list with status, the side-by-side review, confirm. */
describe('web app: the costs inbox', function () {
  this.timeout(120_000);
  const web = webFixture(() => startTestApp());
  let app: TestApp;
  let browser: Browser;
  let company: Company;

  before(async () => {
    ({ app, browser } = web);
    company = await makeCompany(app, { companyName: 'Truhlářství Dvořák s.r.o.' });
    await makeContact(app, company.token, {
      type: 'SUPPLIER',
      name: expected().supplierName,
      taxId: expected().supplierIco,
    });
  });

  it('a dropped PDF is read, reviewed beside its page, corrected and confirmed into a cost; the same file again is flagged as a duplicate', async () => {
    const fields = expected();
    const { page, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/inbox`);
    await page.getByText('No received files.').waitFor();
    await expectAccessible(page, 'inbox, empty');

    await dropFile(page, PDF_NAME, pdf());
    await page
      .getByRole('status')
      .getByText(text('en', 'inbox:upload.sent', { count: 1, shown: '1' }))
      .waitFor();
    await waitForRow(page, 0, 'Queued');
    await runJobs(app);
    await waitForRow(page, 0, 'To review');
    await expectAccessible(page, 'inbox with an item to review');

    await page.getByRole('link', { name: PDF_NAME }).click();
    await page.getByRole('heading', { name: `Review ${PDF_NAME}` }).waitFor();
    // The page image is the server's rendering of page 1, fetched with the session cookie.
    const image = page.getByTestId('page-image');
    await image.waitFor();
    await loaded(image);
    const supplierRead = page.getByTestId('review-supplier-read');
    expect(await supplierRead.getByTestId('review-supplierIco').innerText()).to.contain(`IČO: ${fields.supplierIco}`);
    expect(await supplierRead.innerText()).to.contain('Matched to a contact by IČO.');
    const form = page.getByRole('form', { name: 'Draft cost' });
    expect(await form.getByLabel('Variable symbol').inputValue()).to.equal(fields.variableSymbol);
    expect(await form.getByLabel('Supplier’s document number').inputValue()).to.equal(fields.documentNumber);
    await page.getByTestId('review-total').getByText(moneyText('en', fields.total)).waitFor();

    // Every field is marked exactly when its reading is below 0.8 (or missing), as the API reports it.
    const item = await inboxItem(app, company.token, page.url().split('/').pop()!);
    const marks: Record<string, string> = {
      supplierName: 'supplierName',
      supplierIco: 'supplierIco',
      supplierDic: 'supplierDic',
      supplierDocumentNumber: 'documentNumber',
      variableSymbol: 'variableSymbol',
      issuedAt: 'issueDate',
      taxableSupplyDate: 'taxableSupplyDate',
      dueAt: 'dueDate',
      currency: 'currency',
    };
    for (const [name, field] of Object.entries(marks)) {
      const reading = item.fields[field] as { confidence: number } | null;
      const low = !reading || reading.confidence < 0.8;
      const marked = await page.getByTestId(`review-${name}`).getAttribute('data-low-confidence');
      expect(marked === 'true', `${name} marked`).to.equal(low);
      // A marked field says so in words (not by colour alone): "Check: read with 70 % confidence".
      if (low)
        expect(await page.getByTestId(`review-${name}`).innerText()).to.match(
          /Check: read with \d+ % confidence|Not found in the file/,
        );
    }
    await expectAccessible(page, 'inbox review');

    // A correction the server refuses: its message appears next to that field, and nothing is booked.
    await form.getByLabel('Variable symbol').fill('VS-abc');
    await form.getByRole('button', { name: 'Confirm the cost' }).click();
    await page.getByTestId('review-variableSymbol').locator('.field-error').waitFor();
    await expectAccessible(page, 'inbox review with a field error');

    await form.getByLabel('Variable symbol').fill('20269999');
    await form.getByRole('button', { name: 'Confirm the cost' }).click();
    await page
      .getByRole('status')
      .getByText(/^Cost .+ was created\.$/)
      .waitFor();
    const cost = page.getByTestId('confirmed-cost');
    expect(await cost.getByTestId('cost-variable-symbol').innerText()).to.equal('20269999');
    expect(await cost.getByTestId('cost-total').innerText()).to.equal(moneyText('en', fields.total));
    expect(await page.getByTestId('review-status').innerText()).to.equal('Confirmed');
    expect(await page.getByRole('form', { name: 'Draft cost' }).count()).to.equal(0);

    const costs = await app.get('/api/v1/costs', company.token);
    expect(costs.body.data).to.have.length(1);
    expect(costs.body.data[0].variableSymbol).to.equal('20269999');
    expect(costs.body.data[0].number).to.equal((await cost.getByTestId('cost-number').innerText()).trim());

    // The same invoice again: flagged before confirmation, and confirming it is refused (409).
    await page.getByRole('link', { name: 'All received files' }).click();
    await page.getByLabel('Choose files').setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf() });
    await page
      .getByRole('status')
      .getByText(text('en', 'inbox:upload.sent', { count: 1, shown: '1' }))
      .waitFor();
    await runJobs(app);
    await waitForRow(page, 0, 'To review');
    await page.getByRole('link', { name: PDF_NAME }).first().click();
    await page.getByTestId('duplicate-flag').waitFor();
    await page.getByRole('button', { name: 'Confirm the cost' }).click();
    await page.getByRole('form', { name: 'Draft cost' }).getByRole('alert').waitFor();
    await expectAccessible(page, 'inbox review of a duplicate');
    expect((await app.get('/api/v1/costs', company.token)).body.data).to.have.length(1);
    expect(problems).to.deep.equal([]);
  });

  it('an invoice of a supplier not among the contacts is confirmed with a new supplier as read', async () => {
    const elektro = expectedFields('h01-elektro');
    const { page, problems } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/inbox`);
    await page.getByLabel('Choose files').setInputFiles({
      name: 'h01-elektro.pdf',
      mimeType: 'application/pdf',
      buffer: corpusFile('h01-elektro.pdf'),
    });
    await page
      .getByRole('status')
      .getByText(text('en', 'inbox:upload.sent', { count: 1, shown: '1' }))
      .waitFor();
    await runJobs(app);
    await page.getByTestId('inbox-item-h01-elektro.pdf').getByText('To review').waitFor();
    await page.getByRole('link', { name: 'h01-elektro.pdf' }).click();
    const read = page.getByTestId('review-supplier-read');
    await read.getByText('No contact has this IČO').waitFor();
    expect(await page.getByLabel('Supplier', { exact: true }).inputValue()).to.equal('');
    await page.getByRole('button', { name: 'Confirm the cost' }).click();
    await page
      .getByRole('status')
      .getByText(/^Cost .+ was created\.$/)
      .waitFor();
    await page.getByTestId('confirmed-cost').getByTestId('cost-number').waitFor();
    expect(await page.getByTestId('confirmed-cost').innerText()).to.contain(elektro.supplierName);
    const contacts = await app.get(`/api/v1/contacts?search=${elektro.supplierIco}`, company.token);
    expect(contacts.body.data.map((c: any) => [c.type, c.name])).to.deep.equal([['SUPPLIER', elektro.supplierName]]);
    expect(problems).to.deep.equal([]);
  });

  it('in Czech: the list, the review beside the page and the confirmed cost, which opens on the costs page', async () => {
    const fields = expected();
    const czech = await makeCompany(app, { companyName: 'Kavárna Modrá s.r.o.' });
    await makeContact(app, czech.token, {
      type: 'SUPPLIER',
      name: fields.supplierName,
      taxId: fields.supplierIco,
    });
    await upload(app, czech.token, [{ filename: PDF_NAME, content: pdf() }]);
    await runJobs(app);
    const { page, context, problems } = await openApp(browser, app, czech.token, 'phone', { language: 'cs' });
    await page.goto(`${app.url}/app/inbox`);
    await page.getByRole('heading', { name: text('cs', 'inbox:list.title'), level: 1 }).waitFor();
    const row = page.getByTestId(`inbox-item-${PDF_NAME}`);
    await row.getByText(text('cs', 'inbox:status.EXTRACTED'), { exact: true }).waitFor();
    await row.getByText(moneyText('cs', fields.total)).waitFor();
    await expectAccessible(page, 'inbox list in Czech');
    await row.getByRole('link', { name: PDF_NAME }).click();
    const form = page.getByRole('form', { name: text('cs', 'inbox:review.draft') });
    expect(await form.getByLabel(text('cs', 'inbox:fields.variableSymbol')).inputValue()).to.equal(
      fields.variableSymbol,
    );
    expect(await page.getByTestId('review-supplier-read').innerText()).to.contain(text('cs', 'inbox:supplier.matched'));
    await page.getByTestId('review-total').getByText(moneyText('cs', fields.total)).waitFor();
    await expectAccessible(page, 'inbox review in Czech');
    await form.getByRole('button', { name: text('cs', 'inbox:review.confirm') }).click();
    const cost = page.getByTestId('confirmed-cost');
    await cost.getByTestId('cost-number').waitFor();
    const number = (await cost.getByTestId('cost-number').innerText()).trim();
    await page
      .getByRole('status')
      .getByText(text('cs', 'inbox:review.created', { number }))
      .waitFor();
    expect(await cost.getByTestId('cost-total').innerText()).to.equal(moneyText('cs', fields.total));
    await cost.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: text('cs', 'costs:detail.title', { number }) }).waitFor();
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('a file of an unknown type is refused with the server’s message', async () => {
    const { page } = await openApp(browser, app, company.token);
    await page.goto(`${app.url}/app/inbox`);
    await page.getByLabel('Choose files').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an invoice'),
    });
    const refusal = page.getByRole('region', { name: 'Upload received invoices' }).getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).to.contain('notes.txt');
    await expectAccessible(page, 'inbox with a refused upload');
  });
});

/** Waits until the image has decoded (a PNG the server rendered, not a broken image). */
async function loaded(image: Locator): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await image.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth > 0)) return;
    await image.page().waitForTimeout(100);
  }
  throw new Error('the page image did not load');
}

async function inboxItem(app: TestApp, token: string, id: string): Promise<any> {
  const res = await app.graphql(
    `query ($id: ID!) { inboxItem(id: $id) { fields {
      supplierName { confidence } supplierIco { confidence } supplierDic { confidence } documentNumber { confidence } variableSymbol { confidence } issueDate { confidence }
      taxableSupplyDate { confidence } dueDate { confidence } currency { confidence } } } }`,
    { id },
    token,
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).to.equal(undefined);
  return res.body.data.inboxItem;
}
