import type { Browser, Page } from 'playwright-core';
import { TEST_EPOCH, type TestApp } from '../helpers/app';
import { openApp, type Width } from '../helpers/browser';
import { makeCompany, makeUser, type Company } from '../helpers/fixtures';
import { corpusFile, runJobs, upload } from '../helpers/inbox';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { obtainTokens, registerApp } from '../oauth/oauth.helpers';
import { fixture, importFile } from '../costs/isdoc-import.helpers'; // costs30
import { allTexts, text, type Language } from '../helpers/texts';

/** One page of the app as the tour visits it: where it is and what shows that it has loaded. */
export interface TourStop {
  name: string;
  path: string;
  signedIn: boolean;
  /**
   * Waits until the page has loaded, in the language it is shown in: wait for a data-testid or for
   * `text(language, 'ns:key')`, never for an English literal (the tour runs in Czech and English).
   */
  ready: (page: Page, language: Language) => Promise<unknown>;
}

export interface Tour {
  company: Company;
  stops: TourStop[];
  receiver: Receiver;
}

/** The page's h1 is the text of `key` (`ns:key`) in the language shown. */
const heading = (key: string) => (page: Page, language: Language) =>
  page.getByRole('heading', { name: text(language, key), level: 1, exact: true }).waitFor();
/** A page whose texts another branch translates: its main heading and form, in whichever language. */
const mainForm = (page: Page) => page.locator('main form').first().waitFor();

/**
 * A company with something on every page (devices, keys with usage, a webhook with a failed and
 * a delivered attempt, users in a department, applications, a connected application,
 * notifications), and the list of every page. Used by the every-page test (axe and layout at both
 * widths) and by `npm run screenshots`.
 */
export async function seedTour(app: TestApp): Promise<Tour> {
  const company = await makeCompany(app, {
    companyName: 'Pekárna U Zlatého klasu s.r.o.',
    email: 'marie.novakova@pekarna.example.cz',
  });
  const post = async (path: string, body: unknown) => {
    const res = await app.post(path, body, company.token);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body;
  };
  const pos1 = await post('/api/v1/pos-devices', { name: 'Pokladna u vchodu', prefix: 'VCH' });
  await post('/api/v1/pos-devices', { name: 'Kavárna', prefix: 'KAV' });
  await app.request('POST', '/api/pos/documents', { token: pos1.token, body: {} });
  const key = await post('/api/v1/api-keys', { name: 'Export do účetnictví' });
  await post('/api/v1/api-keys', { name: 'E-shop' });
  for (let i = 0; i < 12; i++) await app.get('/api/v1/organization', key.key);

  let fail = 1;
  const receiver = await startReceiver(() =>
    fail-- > 0 ? { status: 503, body: 'busy' } : { status: 200, body: 'ok' },
  );
  const hook = await post('/api/v1/webhooks', {
    name: 'ERP',
    url: receiver.url,
    events: ['document.paid', 'contact.created'],
  });
  await post(`/api/v1/webhooks/${hook.id}/test`, {});
  const deliveries = await app.get(`/api/v1/webhooks/${hook.id}/deliveries`, company.token);
  await post(`/api/v1/webhooks/${hook.id}/deliveries/${deliveries.body.data[0].id}/replay`, {});

  const department = await post('/api/v1/departments', { name: 'Prodejna Brno' });
  await makeUser(app, company, { role: 'ADMIN' });
  await makeUser(app, company, {
    role: 'MEMBER',
    permissions: { documents: 'write', contacts: 'read' },
    departmentIds: [department.id],
  });

  const client = await registerApp(app, company, {
    name: 'Účetní robot',
    redirectUris: ['https://robot.example.cz/callback'],
  });
  await registerApp(app, company, {
    name: 'Mobilní aplikace',
    description: 'Faktury v kapse',
    confidential: false,
    redirectUris: ['http://127.0.0.1:9/cb'],
  });
  await obtainTokens(app, company, client);

  const em = app.app.container.orm.em.fork();
  const notifications = app.app.container.services.notifications.notifications;
  notifications.raise(em, company.organizationId, {
    type: 'webhook.failing',
    title: 'Webhook ERP is failing',
    message: 'The last 3 deliveries to ERP failed; retries continue.',
    webhookId: hook.id,
  });
  notifications.raise(em, company.organizationId, {
    type: 'document.overdue',
    title: 'Invoice 2026-0042 is overdue',
    message: 'Due on 10. 6. 2026, 12 100,00 Kč remain to be paid.',
  });
  await em.flush();

  const invoicing = await seedInvoicing(app, company, post);
  const steps = await app.put(
    '/api/v1/settings/reminder-steps',
    { steps: [{ days: -3 }, { days: 7 }, { days: 30, active: false }] },
    company.token,
  );
  if (steps.status !== 200) throw new Error(`reminder steps: ${steps.status} ${steps.text}`);

  const inbox = await seedInbox(app, company);
  const cost = await seedCost(app, company); // costs30

  const stops: TourStop[] = [
    {
      name: 'login',
      path: '/app/login',
      signedIn: false,
      ready: (page) => page.locator('input[name="password"]').waitFor(),
    },
    { name: 'signup', path: '/app/signup', signedIn: false, ready: heading('signUp.title') },
    { name: 'home', path: '/app/', signedIn: true, ready: (page) => page.locator('main h1').first().waitFor() },
    {
      name: 'notifications',
      path: '/app/notifications',
      signedIn: true,
      ready: (page) => page.getByTestId('notification').first().waitFor(),
    },
    {
      name: 'connected-applications',
      path: '/app/connected-applications',
      signedIn: true,
      ready: (page) => page.getByTestId('grant-Účetní robot').waitFor(),
    },
    {
      name: 'two-factor',
      path: '/app/two-factor',
      signedIn: true,
      ready: (page, language) => page.getByRole('button', { name: text(language, 'two-factor:setUp') }).waitFor(),
    },
    {
      name: 'pos-devices',
      path: '/app/pos-devices',
      signedIn: true,
      ready: (page) => page.getByTestId('device-Kavárna').waitFor(),
    },
    {
      name: 'api-keys',
      path: '/app/api-keys',
      signedIn: true,
      ready: (page) => page.getByTestId('key-E-shop').waitFor(),
    },
    {
      name: 'oauth-applications',
      path: '/app/oauth-applications',
      signedIn: true,
      ready: (page) => page.getByTestId('app-Účetní robot').waitFor(),
    },
    {
      name: 'webhooks',
      path: '/app/webhooks',
      signedIn: true,
      ready: (page) => page.getByTestId('webhook-ERP').waitFor(),
    },
    {
      name: 'webhook-deliveries',
      path: `/app/webhooks/${hook.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('delivery').first().waitFor(),
    },
    {
      name: 'users',
      path: '/app/users',
      signedIn: true,
      ready: (page) => page.getByText('Prodejna Brno').first().waitFor(),
    },
    {
      name: 'audit-log',
      path: '/app/audit-log',
      signedIn: true,
      ready: (page) => page.getByTestId('entry-API_KEY_CREATED').first().waitFor(),
    },
    {
      name: 'documents',
      path: '/app/documents',
      signedIn: true,
      ready: (page) => page.getByTestId(`document-${invoicing.issued.number}`).waitFor(),
    },
    {
      name: 'document-new',
      path: '/app/documents/new',
      signedIn: true,
      ready: mainForm,
    },
    {
      name: 'document-edit',
      path: `/app/documents/${invoicing.issued.id}/edit`,
      signedIn: true,
      ready: (page) => page.getByTestId('rate-12').waitFor(),
    },
    {
      name: 'document',
      path: `/app/documents/${invoicing.paid.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('document-payment').waitFor(),
    },
    {
      name: 'contacts',
      path: '/app/contacts',
      signedIn: true,
      ready: (page) => page.getByTestId('contact-Kavárna Na Rohu s.r.o.').waitFor(),
    },
    {
      name: 'contact',
      path: `/app/contacts/${invoicing.contact.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('contact-facts').waitFor(),
    },
    {
      name: 'products',
      path: '/app/products',
      signedIn: true,
      ready: (page) => page.getByTestId('product-Chléb kmínový').waitFor(),
    },
    {
      name: 'inbox',
      path: '/app/inbox',
      signedIn: true,
      ready: (page) => page.getByTestId('inbox-items').locator('tbody tr, li').first().waitFor(),
    },
    {
      name: 'inbox-review',
      path: `/app/inbox/${inbox.id}`,
      signedIn: true,
      ready: async (page) => {
        await page.getByRole('form').first().waitFor();
        await page.waitForLoadState('networkidle');
      },
    },
    {
      name: 'payments',
      path: '/app/payments',
      signedIn: true,
      ready: (page) => page.getByTestId('suggestion').waitFor(),
    },
    {
      name: 'reports',
      path: '/app/reports?from=2026-06-01&to=2026-06-30',
      signedIn: true,
      ready: (page) => page.getByTestId('rate-chart').waitFor(),
    },
    {
      name: 'company',
      path: '/app/company',
      signedIn: true,
      ready: (page) => page.getByTestId('series-INVOICE').waitFor(),
    },
    {
      name: 'reminders',
      path: '/app/reminders',
      signedIn: true,
      ready: (page) => page.getByTestId('reminder-step').nth(2).waitFor(),
    },
    {
      name: 'email-templates',
      path: '/app/email-templates',
      signedIn: true,
      ready: (page) => page.getByTestId('preview-subject').waitFor(),
    },
    {
      name: 'public-invoice',
      path: new URL(invoicing.issued.publicUrl).pathname,
      signedIn: false,
      ready: (page) => page.getByRole('img', { name: /QR platba/ }).waitFor(),
    },
    {
      name: 'automations',
      path: '/app/automations',
      signedIn: true,
      ready: (page) => page.getByTestId('automation-Týdenní přehled').waitFor(),
    },
    {
      name: 'automation-new',
      path: '/app/automations/new',
      signedIn: true,
      ready: mainForm,
    },
    {
      name: 'automation-runs',
      path: `/app/automations/${invoicing.rule.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('automation-run').first().waitFor(),
    },
    {
      name: 'recurring',
      path: '/app/recurring',
      signedIn: true,
      ready: (page) => page.getByTestId('series-Chléb pro hotel').waitFor(),
    },
    {
      name: 'recurring-new',
      path: '/app/recurring/new',
      signedIn: true,
      ready: mainForm,
    },
    {
      name: 'recurring-series',
      path: `/app/recurring/${invoicing.series.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('series-history').waitFor(),
    },
    { name: 'not-found', path: '/app/no-such-page', signedIn: true, ready: heading('notFound.title') },
    // dash30: the exports page (its form is there in either language).
    {
      name: 'exports',
      path: '/app/exports',
      signedIn: true,
      ready: (page) => page.getByTestId('export-start').waitFor(),
    },
    // costs30: the received costs (list with the outgoing payments, a new cost, a cost's detail)
    { name: 'costs', path: '/app/costs', signedIn: true, ready: (page) => page.getByTestId('cost-list').waitFor() },
    {
      name: 'cost-new',
      path: '/app/costs/new',
      signedIn: true,
      ready: (page) => page.getByTestId('cost-item-row').waitFor(),
    },
    {
      name: 'cost',
      path: `/app/costs/${cost.id}`,
      signedIn: true,
      ready: (page) => page.getByTestId('cost-payments').waitFor(),
    },
    // end costs30
    // shell30
    {
      name: 'sessions',
      path: '/app/sessions',
      signedIn: true,
      ready: (page) => page.getByTestId('session-current').waitFor(),
    },
  ];
  return { company, stops, receiver };
}

/** costs30: a supplier's ISDOC imported as a cost (with its attachment), half of it paid by hand. */
async function seedCost(app: TestApp, company: Company): Promise<{ id: string }> {
  const imported = await importFile(app, company.token, fixture('pohoda-6.0.1-czk.isdoc'), {
    filename: 'faktura.isdoc',
  });
  if (imported.status !== 201) throw new Error(`cost import: ${imported.status} ${imported.text}`);
  const paid = await app.post(
    '/api/v1/payments',
    {
      amount: '1000.00',
      currency: 'CZK',
      receivedAt: '2026-06-20',
      method: 'TRANSFER',
      direction: 'OUT',
      costId: imported.body.id,
    },
    company.token,
  );
  if (paid.status !== 201) throw new Error(`cost payment: ${paid.status} ${paid.text}`);
  return imported.body;
}

/**
 * The bakery's inbox: a supplier's invoice (a text-layer PDF of the corpus) read and waiting for review,
 * and one refused as unreadable.
 */
async function seedInbox(app: TestApp, company: Company): Promise<{ id: string }> {
  await app.post(
    '/api/v1/contacts',
    { type: 'SUPPLIER', name: 'Kancelářské potřeby Novák s.r.o.', taxId: '26149877' },
    company.token,
  );
  const [item] = await upload(app, company.token, [
    { filename: 'f01-kancelar.pdf', content: corpusFile('f01-kancelar.pdf') },
  ]);
  await upload(app, company.token, [{ filename: 'prazdny.pdf', content: Buffer.from('%PDF-1.7\n%%EOF\n') }]);
  await runJobs(app);
  return item;
}

/**
 * The bakery's invoicing: customers, a price list, an invoice with two VAT rates waiting for its
 * money, one paid through an imported statement, a draft, and a payment whose invoice is suggested.
 */
async function seedInvoicing(app: TestApp, company: Company, post: (path: string, body: unknown) => Promise<any>) {
  const billing = await app.request('PUT', '/api/v1/settings/company', {
    token: company.token,
    body: {
      legalName: 'Pekárna U Zlatého klasu s.r.o.',
      taxId: '27074358',
      vatId: 'CZ27074358',
      vatPayer: true,
      street: 'Zelný trh 3',
      city: 'Brno',
      zip: '602 00',
      country: 'CZ',
      iban: 'CZ6508000000192000145399',
      email: 'fakturace@pekarna.example.cz',
      registryText: 'C 12345 vedená u Krajského soudu v Brně',
    },
  });
  if (billing.status !== 200) throw new Error(`company settings: ${billing.status} ${billing.text}`);
  const contact = await post('/api/v1/contacts', {
    name: 'Kavárna Na Rohu s.r.o.',
    email: 'objednavky@narohu.example.cz',
    taxId: '27074358',
    vatId: 'CZ27074358',
    street: 'Masarykova 12',
    city: 'Brno',
    zip: '602 00',
    country: 'CZ',
  });
  await post('/api/v1/contacts', { name: 'Hotel Slunce a.s.', email: 'recepce@slunce.example.cz', city: 'Olomouc' });
  await post('/api/v1/products', { name: 'Chléb kmínový', sku: 'CH-01', unit: 'ks', price: '42.00', vatRate: 12 });
  await post('/api/v1/products', { name: 'Rozvoz', unit: 'km', price: '18.50', vatRate: 21 });
  const items = [
    { name: 'Chléb kmínový', quantity: 40, unit: 'ks', unitPrice: 42, vatRate: 12 },
    { name: 'Rozvoz', quantity: 12, unit: 'km', unitPrice: 18.5, vatRate: 21 },
  ];
  const issued = await post('/api/v1/documents', { type: 'INVOICE', status: 'ISSUED', contactId: contact.id, items });
  const paid = await post('/api/v1/documents', {
    type: 'INVOICE',
    status: 'ISSUED',
    contactId: contact.id,
    items: items.slice(0, 1),
  });
  await post('/api/v1/documents', {
    type: 'QUOTE',
    clientName: 'Hotel Slunce a.s.',
    items: [{ name: 'Svatební koláčky', quantity: 300, unitPrice: 9, vatRate: 12 }],
  });
  const account = await post('/api/v1/bank-accounts', {
    name: 'Provozní účet',
    accountNumber: '2000145399/2010',
    iban: 'CZ6508000000192000145399',
  });
  await post('/api/v1/payments/import', {
    bankAccountId: account.id,
    payments: [
      {
        transactionId: 'VYP-0001',
        amount: paid.total,
        direction: 'IN',
        receivedAt: '2026-06-16',
        variableSymbol: paid.variableSymbol,
        counterAccount: '123456789/0800',
      },
      {
        transactionId: 'VYP-0002',
        amount: issued.total,
        direction: 'IN',
        receivedAt: '2026-06-17',
        variableSymbol: '777',
        counterAccount: '19-2000145399/0800',
      },
    ],
  });
  const rule = await post('/api/v1/automations', {
    name: 'Štítek velkým fakturám',
    triggerType: 'SYSTEM_EVENT',
    triggerEvent: 'document.created',
    conditions: [{ field: 'amount', operator: 'gte', value: 1000 }],
    actions: [
      { type: 'ADD_TAG', params: { tag: 'velka' } },
      {
        type: 'SEND_EMAIL',
        params: { to: '{{contact.email}}', subject: 'Faktura {{document.number}}', body: 'Děkujeme za objednávku.' },
      },
    ],
  });
  await post(`/api/v1/automations/${rule.id}/run`, {
    context: { organizationId: company.organizationId, documentId: issued.id },
  });
  await post('/api/v1/automations', {
    name: 'Týdenní přehled',
    triggerType: 'SCHEDULED',
    triggerCron: '0 8 * * 1',
    actions: [
      {
        type: 'INTERNAL_NOTIFICATION',
        params: { title: 'Týdenní přehled', message: 'Zkontrolujte neuhrazené faktury.' },
      },
    ],
  });
  // A monthly rental whose two documents (its count) are generated at once: the history has both.
  const series = await post('/api/v1/recurring-series', {
    name: 'Pronájem vitríny',
    documentType: 'INVOICE',
    contactId: contact.id,
    items: [
      { name: 'Pronájem vitríny {{period.month}} {{period.year}}', quantity: '1', unitPrice: '1500', vatRate: 21 },
    ],
    startDate: '2026-04-30',
    unit: 'MONTH',
    lastDayOfMonth: true,
    count: 2,
  });
  await app.app.container.services.recurring.recurringGenerator.run();
  await post('/api/v1/recurring-series', {
    name: 'Chléb pro hotel',
    documentType: 'PROFORMA',
    contactId: contact.id,
    items: [{ name: 'Chléb kmínový', quantity: '20', unitPrice: '42', vatRate: 12 }],
    startDate: '2099-01-04',
    unit: 'WEEK',
    every: 2,
  });
  return { contact, issued, paid, rule, series };
}

/**
 * Visits every stop of the tour at one width in one language (a signed-in and a signed-out window);
 * returns what the pages reported (script errors, CSP refusals, missing texts).
 */
export async function visitTour(
  browser: Browser,
  app: TestApp,
  tour: Tour,
  width: Width,
  language: Language,
  visit: (stop: TourStop, page: Page) => Promise<void>,
): Promise<string[]> {
  const signedIn = await openApp(browser, app, tour.company.token, width, { language });
  const signedOut = await openApp(browser, app, null, width, { language });
  // The browser's day is the app's (the test clock), so the dashboard's "today" is the server's.
  await Promise.all([signedIn, signedOut].map(({ page }) => page.clock.setFixedTime(new Date(TEST_EPOCH))));
  try {
    for (const stop of tour.stops) {
      const { page } = stop.signedIn ? signedIn : signedOut;
      await page.goto(`${app.url}${stop.path}`);
      await stop.ready(page, language);
      await visit(stop, page);
    }
    return [...signedIn.problems, ...signedOut.problems];
  } finally {
    await Promise.all([signedIn.context.close(), signedOut.context.close()]);
  }
}

/** Every key of every namespace (`nav.documents`, `list.count` for `list.count_one`…), with and without its `ns:`. */
export function textKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (namespace: string, prefix: string, node: unknown) => {
    if (typeof node === 'string') {
      const key = prefix.replace(/_(zero|one|two|few|many|other)$/, '');
      keys.add(key).add(`${namespace}:${key}`);
      return;
    }
    for (const [k, v] of Object.entries(node as Record<string, unknown>))
      walk(namespace, prefix ? `${prefix}.${k}` : k, v);
  };
  for (const namespaces of Object.values(allTexts()))
    for (const [namespace, texts] of Object.entries(namespaces)) walk(namespace, '', texts);
  return keys;
}

/** What looks like a key (`nav.documents`, `documents:list.title`) in a page's text, labels and titles. */
const KEY_LIKE = /(?:\b[a-z][\w-]*:)?\b[a-z][\w-]*(?:\.[\w-]+)+\b/g;

/** The keys a page shows raw (a text that i18next did not find): in its text, aria-labels, titles, placeholders, alt texts. */
export async function rawKeys(page: Page, keys: Set<string>): Promise<string[]> {
  const shown = String(
    await page.evaluate(`(() => {
      const parts = [document.body.innerText, document.title];
      for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
        for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) parts.push(el.getAttribute(a));
      for (const option of document.querySelectorAll('option')) parts.push(option.textContent);
      return parts.join('\\n');
    })()`),
  );
  // Names that are data, not texts: a form control's value (a webhook event such as export.failed
  // is a checkbox of that value), code, and what is marked translate="no".
  const data = new Set(
    JSON.parse(
      String(
        await page.evaluate(`JSON.stringify([
          ...[...document.querySelectorAll('input[value], option[value]')].map((e) => e.getAttribute('value')),
          ...[...document.querySelectorAll('code, [translate="no"]')].map((e) => (e.textContent || '').trim()),
        ])`),
      ),
    ) as string[],
  );
  // A {{placeholder}} the page explains (recurring series: {{period.from}}) is data too.
  const found = [...shown.matchAll(KEY_LIKE)].filter((m) => shown.slice(Math.max(0, m.index - 2), m.index) !== '{{');
  return [...new Set(found.map((m) => m[0]))].filter((m) => keys.has(m) && !data.has(m));
}
