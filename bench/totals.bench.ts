/**
 * Session totals (issue "Arbor knows the project like pi does"): opening a 100 000-entry session
 * and adding up what it spent, beside a plain open of the same file. The totals are computed from
 * the entries the open already parsed, so the file is read once; what they add is the walk over
 * the entries.
 */
import { loadSessionFile, positionOnOpen } from '../src/core/session';
import { anthropicPrices } from '../src/core/llm';
import { sessionTotals } from '../src/core/tokens';
import { medianMs, msLine, ratioLine } from './measure';
import { largeSession } from './session.bench';

export async function run(): Promise<void> {
  const file = await largeSession();
  const plain: number[] = [];
  const withTotals: number[] = [];
  const alone: number[] = [];
  let replies = 0;
  // Interleaved, so machine noise hits them alike.
  for (let i = 0; i < 5; i++) {
    plain.push(await medianMs(1, () => loadSessionFile(file)));
    withTotals.push(
      await medianMs(1, async () => {
        const { tree } = await loadSessionFile(file);
        replies = sessionTotals(tree.entries, tree.pathTo(positionOnOpen(tree)), anthropicPrices).session.replies.count;
      }),
    );
    const { tree } = await loadSessionFile(file);
    alone.push(await medianMs(1, () => sessionTotals(tree.entries, tree.pathTo(positionOnOpen(tree)), anthropicPrices)));
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`replies counted: ${replies}`);
  console.log(msLine('open (loadSessionFile)', median(plain)));
  console.log(msLine('open + sessionTotals (branch and whole file)', median(withTotals)));
  console.log(msLine('sessionTotals alone, on the loaded entries', median(alone)));
  console.log(ratioLine('open + totals / open', median(withTotals) / median(plain), { max: 1.1 }));
  console.log(ratioLine('totals alone / open', median(alone) / median(plain), { max: 0.1 }));
}
