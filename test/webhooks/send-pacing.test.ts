import { expect } from 'chai';
import { RequestLoad } from '../../src/core/http/request-load';
import { sendAtOnce, YieldToRequests } from '../../src/modules/webhooks/send-pacing';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhooks: attempts yield to the HTTP requests of their process (ROLE=all)', () => {
  it('ROLE=worker, and ROLE=all while the server is not busy: every attempt starts at once', () => {
    const idle = new YieldToRequests(() => false);
    for (let i = 0; i < 50; i++) {
      expect(sendAtOnce.admit(() => undefined)).to.equal(true);
      expect(idle.admit(() => undefined)).to.equal(true);
    }
  });

  it('while the server is busy: one attempt per 200 ms, and a held attempt is asked about again shortly', async () => {
    let busy = true;
    const pacing = new YieldToRequests(() => busy);
    let asked = 0;
    const later = () => asked++;
    expect(pacing.admit(later), 'the first').to.equal(true);
    expect(pacing.admit(later), 'right after').to.equal(false);
    expect(pacing.admit(later), 'again').to.equal(false);
    await sleep(50);
    expect(asked, 'one reminder for the held attempts').to.equal(1);
    expect(pacing.admit(later), '50 ms later').to.equal(false);
    await sleep(200);
    expect(pacing.admit(later), '250 ms later').to.equal(true);
    expect(pacing.admit(later)).to.equal(false);
    busy = false;
    expect(pacing.admit(later), 'no longer busy').to.equal(true);
    expect(pacing.admit(later)).to.equal(true);
  });

  it('RequestLoad: busy with more than one request in flight and the event loop working, not for requests that only wait', async () => {
    const load = new RequestLoad();
    /** A request in flight until the returned function ends it. */
    const open = () => {
      let end!: () => void;
      const answered = new Promise<void>((resolve) => (end = resolve));
      void load.middleware({} as never, () => answered);
      return end;
    };
    // Works for `ms` in slices of 20 ms (timers run in between); whether busy() said yes meanwhile.
    const work = async (ms: number) => {
      let seen = false;
      const end = performance.now() + ms;
      while (performance.now() < end) {
        const slice = performance.now() + 20;
        while (performance.now() < slice);
        await new Promise((r) => setImmediate(r));
        seen ||= load.busy();
      }
      return seen;
    };
    try {
      const first = open();
      expect(load.requests).to.equal(1);
      expect(await work(300), 'one request, working loop').to.equal(false);
      const second = open();
      expect(load.requests).to.equal(2);
      // Idle once a whole sample has passed without work: on a loaded machine a late timer may still
      // be measuring the work above, so wait for it (up to 1 s) rather than for a fixed 150 ms.
      const idleBy = performance.now() + 1000;
      while (load.busy() && performance.now() < idleBy) await sleep(25);
      expect(load.requests).to.equal(2);
      expect(load.busy(), 'two waiting requests, idle loop').to.equal(false);
      expect(await work(300), 'two requests, working loop').to.equal(true);
      first();
      second();
      await sleep(0);
      expect(load.requests).to.equal(0);
      expect(load.busy()).to.equal(false);
    } finally {
      load.stop();
    }
  });
});
