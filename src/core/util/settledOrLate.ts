/** Waiting for something, but not for ever: an answer that comes late must not hold up what waits for it. */

/** Resolves once `work` settles (fulfilled or rejected) or after `ms`, whichever comes first; never rejects. */
export function settledOrLate(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
