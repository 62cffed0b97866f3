/**
 * Runs async jobs one after another, in the order they were asked for: a job starts once every
 * job asked before it has settled (a failed one included). For work on one shared resource that
 * must never overlap itself, such as git's index of the checkpoint store.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
