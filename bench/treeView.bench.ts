/**
 * Session Tree view, core part (issue 11, "Must hold": a 100 000-entry session opens without
 * freezing and the first rows appear in under 2× the time of loading the file). Measures loading
 * the file, then loading plus the lazy display tree's first 100 top rows and the heads of the
 * first branch point among them; the eager whole display tree for comparison.
 */
import { loadSessionFile, positionOnOpen } from '../src/core/session';
import { getDisplayTree, LazyDisplayTree } from '../src/core/sessionTree';
import { medianMs, msLine, ratioLine } from './measure';
import { largeSession } from './session.bench';

const ROWS = 100;

export async function run(): Promise<void> {
  const file = await largeSession();
  await loadSessionFile(file); // warm: the page cache and the JIT
  const load = await medianMs(5, () => loadSessionFile(file));
  const firstRows = await medianMs(5, async () => {
    const { tree } = await loadSessionFile(file);
    const lazy = new LazyDisplayTree(tree, positionOnOpen(tree));
    let count = 0;
    for (const row of lazy.rowsOf(null)) {
      if (row.hasChildren && count < ROWS) lazy.childrenOf(row.entry.id);
      if (++count >= ROWS) break;
    }
  });
  const eager = await medianMs(5, async () => {
    const { tree } = await loadSessionFile(file);
    getDisplayTree(tree, positionOnOpen(tree));
  });
  console.log(msLine('load the 100 000-entry file', load));
  console.log(msLine(`load + lazy tree: first ${ROWS} rows (and branch heads among them)`, firstRows));
  console.log(msLine('load + the whole display tree (eager, for comparison)', eager));
  console.log(ratioLine('(load + first rows) / load (must hold: ≤ 2)', firstRows / load, { max: 2 }));
}
