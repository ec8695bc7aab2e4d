import { expect } from 'chai';
import { afterAttempt, isSuccess, lostRetryCutoff, MAX_ATTEMPTS } from '../../src/modules/webhooks/delivery-policy';

const at = new Date('2026-06-17T08:30:00.000Z');
const plus = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe('webhooks: the retry policy (DESIGN 5)', () => {
  it('counts only 2xx as success: no answer, 1xx, redirects, 4xx and 5xx are failures', () => {
    for (const code of [200, 201, 204, 299]) expect(isSuccess(code), String(code)).to.equal(true);
    for (const code of [null, 100, 199, 300, 301, 302, 304, 400, 404, 429, 500, 503])
      expect(isSuccess(code), String(code)).to.equal(false);
  });

  it('a successful attempt, whichever it is, makes the delivery DELIVERED with nothing scheduled', () => {
    for (const n of [1, 2, 3])
      expect(afterAttempt(n, true, at)).to.deep.equal({ status: 'DELIVERED', nextAttemptAt: null });
  });

  it('attempt 1 failed: attempt 2 one minute later; attempt 2 failed: attempt 3 five minutes later', () => {
    expect(afterAttempt(1, false, at)).to.deep.equal({ status: 'PENDING', nextAttemptAt: plus(60) });
    expect(afterAttempt(2, false, at)).to.deep.equal({ status: 'PENDING', nextAttemptAt: plus(300) });
  });

  it('attempt 3 failed: FAILED, no fourth attempt', () => {
    expect(MAX_ATTEMPTS).to.equal(3);
    expect(afterAttempt(3, false, at)).to.deep.equal({ status: 'FAILED', nextAttemptAt: null });
    expect(afterAttempt(4, false, at)).to.deep.equal({ status: 'FAILED', nextAttemptAt: null });
  });

  it('a retry still waiting five minutes after it was due has lost its job', () => {
    expect(lostRetryCutoff(at)).to.deep.equal(plus(-300));
  });
});
