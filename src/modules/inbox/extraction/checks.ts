/** IČO: 8 digits, the last the mod-11 check of the first seven (weights 8..2). */
export function validIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ico[7]);
}

/** IBAN: ISO 13616 mod 97 = 1 (15 to 34 characters). */
export function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('CZ') && iban.length !== 24) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = Number(`${rest}${code}`) % 97;
  }
  return rest === 1;
}

const WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** A Czech account (ČNB decree 169/2011): prefix and number each with weights 6,3,7,9,10,5,8,4,2,1 (right-aligned) mod 11. */
export function validAccount(prefix: string | null, number: string): boolean {
  if (!/^\d{2,10}$/.test(number) || (prefix !== null && !/^\d{1,6}$/.test(prefix))) return false;
  if (!/[1-9]/.test(number)) return false;
  const ok = (digits: string) => {
    const padded = digits.padStart(10, '0');
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += Number(padded[i]) * WEIGHTS[i];
    return sum % 11 === 0;
  };
  return ok(number) && (prefix === null || ok(prefix));
}

/** A Czech IBAN's account `[prefix-]number/bankCode` (CZkk BBBB PPPPPP NNNNNNNNNN), else null. */
export function accountOfIban(iban: string): string | null {
  const m = /^CZ\d{2}(\d{4})(\d{6})(\d{10})$/.exec(iban);
  if (!m) return null;
  const prefix = m[2].replace(/^0+/, '');
  const number = m[3].replace(/^0+/, '');
  return `${prefix ? `${prefix}-` : ''}${number}/${m[1]}`;
}

/** The Czech IBAN of an account `[prefix-]number/bankCode` (ČNB's standard form), else null. */
export function ibanOfAccount(account: string): string | null {
  const m = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(account);
  if (!m) return null;
  const bban = `${m[3]}${(m[1] ?? '').padStart(6, '0')}${m[2].padStart(10, '0')}`;
  let rest = 0;
  for (const ch of `${bban}123500`) rest = (rest * 10 + Number(ch)) % 97;
  return `CZ${String(98 - rest).padStart(2, '0')}${bban}`;
}
