import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { AdjustableClock } from '../../src/core/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { appEvent, makeContactPayload, recordEvent, eventsAfter } from '../helpers/outbox';
import { run } from '../helpers/process';

describe('outbox: parking after OUTBOX_MAX_ATTEMPTS failures, and the operator CLI', () => {
  let app: TestApp;
  const broken = new Set<string>();
  const delivered: string[] = [];
  before(async () => {
    app = await startTestApp(
      { OUTBOX_MAX_ATTEMPTS: '3' },
      {
        onContainer: (c) =>
          void c.dispatcher.subscribe('mailer', (_em, received) => {
            const e = appEvent(received);
            if (e.event !== 'contact.created') return;
            if (broken.has(e.data.name)) throw new Error(`SMTP refused ${e.data.name}`);
            delivered.push(e.data.name);
          }),
      },
    );
  });
  after(() => app.stop());

  const clock = () => app.app.container.clock as AdjustableClock;
  const drain = () => app.app.container.dispatcher.drain();
  const cli = (...args: string[]) =>
    run(['scripts/cli.ts', ...args], { DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'silent' });
  const metric = async (line: RegExp) => (await app.get('/metrics')).text.split('\n').find((l) => line.test(l)) ?? null;

  it('parks an event after the configured failures, lets its organization go on, and puts it back on outbox:retry', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    broken.add('A1').add('B1');
    await recordEvent(app, orgA, 'contact.created', makeContactPayload({ name: 'A1' }));
    await recordEvent(app, orgA, 'contact.created', makeContactPayload({ name: 'A2' }));
    await recordEvent(app, orgB, 'contact.created', makeContactPayload({ name: 'B1' }));
    const seqOf = async (name: string) =>
      (await eventsAfter(app)).find((e) => e.event === 'contact.created' && e.data.name === name)!.seq;

    await drain(); // failure 1
    clock().advance(10);
    await drain(); // failure 2
    expect(delivered).to.deep.equal([]);
    expect(await cli('outbox:parked')).to.deep.include({ code: 0, output: 'no parked events\n' });
    clock().advance(20);
    await drain(); // failure 3: parked; A2 no longer waits behind A1
    expect(delivered).to.deep.equal(['A2']);
    expect(app.logs.filter((l) => l.includes('event parked for consumer'))).to.have.length(2);

    expect(await metric(/^outbox_events_parked_total\{consumer="mailer"\}/)).to.equal(
      'outbox_events_parked_total{consumer="mailer"} 2',
    );
    expect(await metric(/^outbox_parked_events\{consumer="mailer"\}/)).to.equal(
      'outbox_parked_events{consumer="mailer"} 2',
    );
    expect(await metric(/^outbox_consumer_failures_total\{consumer="mailer"\}/)).to.equal(
      'outbox_consumer_failures_total{consumer="mailer"} 6',
    );

    const listed = await cli('outbox:parked');
    expect(listed.code, listed.output).to.equal(0);
    const [header, ...rows] = listed.output.trimEnd().split('\n');
    expect(header.split(/\s{2,}/)).to.deep.equal(['CONSUMER', 'SEQ', 'EVENT', 'ATTEMPTS', 'PARKED AT', 'LAST ERROR']);
    const [a1, b1] = [await seqOf('A1'), await seqOf('B1')];
    expect(rows.map((r) => r.split(/\s{2,}/).filter((_, i) => i !== 4))).to.deep.equal([
      ['mailer', a1, 'contact.created', '3', 'SMTP refused A1'],
      ['mailer', b1, 'contact.created', '3', 'SMTP refused B1'],
    ]);

    // Nothing happens to parked events by itself.
    clock().advance(86_400);
    await drain();
    expect(delivered).to.deep.equal(['A2']);

    broken.clear();
    expect(await cli('outbox:retry', 'mailer', a1)).to.deep.include({
      code: 0,
      output: '1 parked event of mailer put back\n',
    });
    await drain();
    expect(delivered).to.deep.equal(['A2', 'A1']);
    expect(await metric(/^outbox_parked_events\{consumer="mailer"\}/)).to.equal(
      'outbox_parked_events{consumer="mailer"} 1',
    );

    expect(await cli('outbox:retry', 'mailer', '--all')).to.deep.include({
      code: 0,
      output: '1 parked event of mailer put back\n',
    });
    await drain();
    expect(delivered).to.deep.equal(['A2', 'A1', 'B1']);
    expect(await cli('outbox:parked')).to.deep.include({ code: 0, output: 'no parked events\n' });
    expect(await metric(/^outbox_parked_events\{/)).to.equal(null);
  });

  it('refuses outbox:retry without a consumer and a seq or --all, and for an event that is not parked', async () => {
    expect(await cli('outbox:retry', 'mailer')).to.deep.include({
      code: 1,
      output: 'usage: outbox:retry <consumer> <seq|--all>\n',
    });
    expect(await cli('outbox:retry', 'mailer', '999999')).to.deep.include({
      code: 1,
      output: 'event 999999 is not parked for consumer mailer\n',
    });
  });
});
