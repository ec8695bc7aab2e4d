import { expect } from 'chai';
import { defineModule } from '../../src/core/module';
import { event } from '../../src/core/outbox/event-declarations';
import { documentsModule } from '../../src/modules/documents/documents.module';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCompany, type Company } from '../helpers/fixtures';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { makeWebhook, settleWebhooks } from '../helpers/webhooks';

type PointsPayload = { cardNumber: string; points: number };

/** Numbers of loyalty cards handed out before the series existed (the module's own record of them). */
const preprinted = new Set(['VK000002']);

/**
 * A module written as README's "Adding a module" says, in one place: it declares its events and
 * registers a numbering series in its own build, and nothing else in the app changes.
 */
const loyaltyModule = defineModule({
  name: 'loyalty',
  dependsOn: [documentsModule],
  events: {
    'loyalty.points_earned': event<PointsPayload>().listed('A customer earns points on a loyalty card', {
      cardNumber: true,
      points: true,
    }),
    'loyalty.points_recounted': event<PointsPayload>().systemSide(),
  },
  build: ({ infra, documents }) => {
    documents.numbering.register({
      name: 'LOYALTY',
      defaultPrefix: 'VK',
      isTaken: (_em, _organizationId, number) => Promise.resolve(preprinted.has(number)),
    });
    const cards = {
      /** Issues a card with its first points: the number and both events in one transaction. */
      issue: (organizationId: string, points: number) =>
        infra.orm.em.fork().transactional(async (em) => {
          const cardNumber = await documents.numbering.allocate(em, organizationId, 'LOYALTY');
          infra.events.record(em, organizationId, 'loyalty.points_earned', { cardNumber, points });
          infra.events.record(em, organizationId, 'loyalty.points_recounted', { cardNumber, points });
          return cardNumber;
        }),
    };
    return { services: { cards } };
  },
});
type Cards = ReturnType<typeof loyaltyModule.build>['services'];

describe('adding a module: its events and its numbering series, declared in its own folder', () => {
  let app: TestApp;
  let company: Company;
  let receiver: Receiver;
  let cards: NonNullable<Cards>['cards'];
  before(async () => {
    app = await startTestApp({}, { extraModules: [loyaltyModule] });
    company = await makeCompany(app);
    receiver = await startReceiver();
    const loyalty = app.app.container.modules.find((m) => m.manifest.name === 'loyalty');
    cards = (loyalty!.parts.services as NonNullable<Cards>).cards;
  });
  after(async () => {
    await app.stop();
    await receiver.close();
  });

  it('lists its public event in the webhook catalog, after the SPEC 6.2 ones', async () => {
    const res = await app.get('/api/v1/webhooks/events', company.token);
    expect(res.status, res.text).to.equal(200);
    const events = res.body.data.map((e: { event: string }) => e.event);
    // SPEC 6.2's 23 events first (webhook.test the last of them), the app's other modules' next, the new one last.
    expect(events[22]).to.equal('webhook.test');
    expect(events.at(-1)).to.equal('loyalty.points_earned');
    expect(res.body.data.at(-1)).to.deep.equal({
      event: 'loyalty.points_earned',
      description: 'A customer earns points on a loyalty card',
      dataFields: ['cardNumber', 'points'],
    });
    expect(events).to.not.include('loyalty.points_recounted');
  });

  it('delivers its event recorded through the outbox to an endpoint subscribed to it, never the system-side one', async () => {
    await makeWebhook(app, company.token, {
      url: receiver.url,
      events: ['loyalty.points_earned', 'loyalty.points_recounted'],
    });
    const cardNumber = await cards.issue(company.organizationId, 10);
    await settleWebhooks(app);
    expect(receiver.received).to.have.length(1);
    const body = JSON.parse(receiver.received[0].body);
    expect(body).to.include({ event: 'loyalty.points_earned' });
    expect(body.data).to.deep.equal({ cardNumber, points: 10 });
  });

  it('numbers from its own series, skipping the numbers its own check finds taken, listed after the others', async () => {
    const fresh = await makeCompany(app);
    const before = await app.get('/api/v1/settings/numbering', fresh.token);
    expect(before.status, before.text).to.equal(200);
    expect(before.body.series.map((s: { documentType: string }) => s.documentType)).to.deep.equal([
      'INVOICE',
      'PROFORMA',
      'QUOTE',
      'ORDER',
      'DELIVERY_NOTE',
      'CREDIT_NOTE',
      'ADVANCE_TAX_DOCUMENT',
      'COST',
      'LOYALTY',
    ]);
    expect(before.body.series[8]).to.deep.equal({
      documentType: 'LOYALTY',
      format: 'VK{NNNNNN}',
      restart: 'NEVER',
      prefix: 'VK',
      padding: 6,
      nextNumber: 1,
      preview: 'VK000001',
    });
    expect(await cards.issue(fresh.organizationId, 5)).to.equal('VK000001');
    expect(await cards.issue(fresh.organizationId, 5)).to.equal('VK000003');

    const put = await app.put(
      '/api/v1/settings/numbering',
      { series: [{ documentType: 'LOYALTY', prefix: 'KARTA-', padding: 3 }] },
      fresh.token,
    );
    expect(put.status, put.text).to.equal(200);
    expect(put.body.series[8]).to.include({ documentType: 'LOYALTY', preview: 'KARTA-004' });
    expect(await cards.issue(fresh.organizationId, 5)).to.equal('KARTA-004');
  });
});
