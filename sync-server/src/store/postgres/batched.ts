/**
 * Statements that every request makes on its own (its session, its rate-limit counter, its
 * device), sent for many requests at once: while one batch is on its way to PostgreSQL, the
 * requests that ask meanwhile wait, and go together in the next batch, as one statement over
 * arrays. Under load, a batch serves many requests for one round trip and one transaction (on
 * two cores, each round trip is a switch between the instance and PostgreSQL); a lone request
 * goes at once, as before.
 *
 * Each batch is sent after every request in it asked: it sees all that was committed before
 * any of them asked, as a statement of its own would.
 */

/** Requests in one batch at most (the arrays stay small). */
const MAX_BATCH = 500;

export class Batched<K, V> {
  private waiting: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  private sending = false;

  /** `run` answers one value per key, in the keys' order. */
  constructor(private readonly run: (keys: K[]) => Promise<V[]>) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        try {
          const values = await this.run(batch.map((b) => b.key));
          batch.forEach((b, i) => b.resolve(values[i]!));
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
