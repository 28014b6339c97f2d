/**
 * Work that a request starts but does not wait for: the password reset answers before it
 * looks the address up, hashes and mails, so that its answer takes the same time whether or
 * not the address has an account (and whatever the mail server's delay). A failure is logged,
 * never answered. The jobs of one key run one after another: of two resets of one address,
 * the mail sent last carries the password that works.
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundWork {
  /** The last job of each key with work waiting or running. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `job` after the key's earlier jobs; `failure` is the message logged if it throws. */
  run(key: string, failure: string, job: () => Promise<void>): void {
    const tail = (this.tails.get(key) ?? Promise.resolve())
      .then(job)
      .catch((err: unknown) => this.log.error({ err }, failure));
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
  }

  /** Resolves once every job started so far has ended (tests; closing the server). */
  async settled(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
