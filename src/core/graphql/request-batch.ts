import type { RequestContext } from '../ctx';

interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * A field resolved for many rows with one lookup. graphql-js resolves a field of every row of a list
 * before it waits for any of them; the batch collects those keys and, once the resolvers of that
 * pass have run (setImmediate: after every pending promise job), loads them all with one call.
 * One batch per request (`RequestBatches`), so what one person may see never answers another.
 */
export class RequestBatch<K, V> {
  private waiting: Waiting<K, V>[] = [];

  constructor(private readonly loadAll: (keys: K[]) => Promise<readonly V[]>) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ key, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const values = await this.loadAll(batch.map((w) => w.key));
      batch.forEach((w, i) => w.resolve(values[i]));
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

/** The batch of each request for one field: made on first use, gone with the request. */
export class RequestBatches<K, V> {
  private readonly batches = new WeakMap<RequestContext, RequestBatch<K, V>>();

  constructor(private readonly loadAll: (rc: RequestContext, keys: K[]) => Promise<readonly V[]>) {}

  of(rc: RequestContext): RequestBatch<K, V> {
    let batch = this.batches.get(rc);
    if (!batch) {
      batch = new RequestBatch((keys) => this.loadAll(rc, keys));
      this.batches.set(rc, batch);
    }
    return batch;
  }
}
