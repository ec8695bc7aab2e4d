import { expect } from 'chai';
import type { TestApp } from './app';
import { makeContact } from './fixtures';

/** A monthly series (last day of the month from 31 January 2027) for a new contact unless `over` names one. */
export async function makeSeries(app: TestApp, token: string, over: Record<string, unknown> = {}): Promise<any> {
  const contactId = over.contactId ?? (await makeContact(app, token)).id;
  const res = await app.post(
    '/api/v1/recurring-series',
    {
      name: 'Hosting',
      documentType: 'INVOICE',
      contactId,
      items: [{ name: 'Hosting', quantity: '1', unitPrice: '500.00', vatRate: 21 }],
      startDate: '2027-01-31',
      unit: 'MONTH',
      lastDayOfMonth: true,
      ...over,
    },
    token,
  );
  expect(res.status, res.text).to.equal(201);
  return res.body;
}
