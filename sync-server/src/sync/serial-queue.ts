/**
 * Runs tasks one at a time, in order. The server's writes go through one queue so that a
 * mutation's transaction (which spans the mutator's awaits) never interleaves with another.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
