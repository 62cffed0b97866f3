// A value read from outside (a key in the keychain, settings files) kept until the owner hears that
// it changed: the owner calls `changed()` from the change event it already listens to, and only
// the next `get()` reads again. Readers at once share one read; a failed read is not kept.

export class CachedRead<T> {
  private value: Promise<T> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.value) return this.value;
    const reading = this.read();
    this.value = reading;
    reading.catch(() => {
      if (this.value === reading) this.value = undefined;
    });
    return reading;
  }

  /**
   * What was read may be out of date: the next `get()` reads again. A read already under way
   * still answers the callers that asked before the change, and is not kept.
   */
  changed(): void {
    this.value = undefined;
  }
}
