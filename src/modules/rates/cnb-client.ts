import { readBoundedBody } from '../../core/http/bounded-response';
import { parseCnbFixing, type CnbFixing } from './cnb-rates-file';

/** The file is ~2 kB; anything far larger is not ČNB's fixing. */
export const MAX_FILE_BYTES = 64 * 1024;

/** ČNB's file could not be fetched or read; nothing was kept. */
export class RatesUnavailable extends Error {}

/**
 * Reads ČNB's daily fixing file from `url`: the latest fixing, or with `day` (YYYY-MM-DD) the one
 * valid on that day (`?date=DD.MM.YYYY`; on a weekend or holiday ČNB answers with the last fixing
 * before it, its own date on line 1). The body is cut at MAX_FILE_BYTES and the wait at `timeoutMs`.
 */
export class CnbClient {
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async fixing(day?: string): Promise<CnbFixing> {
    const url = new URL(this.url);
    if (day) url.searchParams.set('date', `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
    let text: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
      if (res.status !== 200) {
        await res.body?.cancel();
        throw new RatesUnavailable(`ČNB rates: HTTP ${res.status} from ${url.host}`);
      }
      text = await boundedText(res);
    } catch (err) {
      if (err instanceof RatesUnavailable) throw err;
      throw new RatesUnavailable(`ČNB rates: ${(err as Error).message}`);
    }
    return parseCnbFixing(text);
  }
}

async function boundedText(res: Response): Promise<string> {
  const body = await readBoundedBody(res, MAX_FILE_BYTES);
  if (!body) throw new RatesUnavailable(`ČNB rates: the file exceeds ${MAX_FILE_BYTES} bytes`);
  return new TextDecoder('utf-8', { fatal: true }).decode(body);
}
