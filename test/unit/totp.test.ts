import { expect } from 'chai';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUrl,
  timeStep,
  totp,
} from '../../src/modules/identity/totp';

/** RFC 6238 Appendix B: the test vectors (8 digits) for SHA1, SHA256 and SHA512, each with its own seed. */
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('unit: TOTP (RFC 6238)', () => {
  it('matches every Appendix B vector with 8 digits, and their last 6 digits with 6', () => {
    for (const [seconds, sha1, sha256, sha512] of VECTORS) {
      const at = new Date(seconds * 1000);
      expect(totp(SEEDS.sha1, at, 8, 'sha1'), `SHA1 at ${seconds}`).to.equal(sha1);
      expect(totp(SEEDS.sha256, at, 8, 'sha256'), `SHA256 at ${seconds}`).to.equal(sha256);
      expect(totp(SEEDS.sha512, at, 8, 'sha512'), `SHA512 at ${seconds}`).to.equal(sha512);
      // What Faktura uses: SHA1, 6 digits = the vector truncated to its last 6 digits.
      expect(totp(SEEDS.sha1, at), `6-digit SHA1 at ${seconds}`).to.equal(sha1.slice(-6));
    }
  });

  it('matches RFC 4226 Appendix D (HOTP, counters 0-9)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(SEEDS.sha1, counter)).to.equal(code));
  });

  it('accepts the current step and one either side, nothing further, and names the step matched', () => {
    const at = new Date(1111111111 * 1000);
    const step = timeStep(at);
    expect(step).to.equal(37037037);
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step), at)).to.equal(step);
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step - 1), at)).to.equal(step - 1);
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + 1), at)).to.equal(step + 1);
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step - 2), at)).to.equal(null);
    expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + 2), at)).to.equal(null);
    expect(matchTotp(SEEDS.sha1, '12345', at)).to.equal(null);
  });

  it('encodes base32 per RFC 4648 section 10 (without padding) and reads it back', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(Buffer.from(plain))).to.equal(encoded);
      expect(base32Decode(encoded)?.toString()).to.equal(plain);
    }
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).to.equal('foobar');
    expect(base32Decode('MZXW1')).to.equal(null);
    const secret = newTotpSecret();
    expect(secret).to.have.length(20);
    expect(base32Encode(secret)).to.match(/^[A-Z2-7]{32}$/);
    expect(base32Decode(base32Encode(secret))).to.deep.equal(secret);
  });

  it('builds the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Faktura', 'jana@example.cz', 'JBSWY3DPEHPK3PXP')).to.equal(
      'otpauth://totp/Faktura:jana%40example.cz?secret=JBSWY3DPEHPK3PXP&issuer=Faktura&algorithm=SHA1&digits=6&period=30',
    );
  });
});
