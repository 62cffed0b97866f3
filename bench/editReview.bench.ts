/**
 * Edits reviewed before they are written (issue 18, "Must hold"): opening the diff for approval
 * adds no second read of a large file beyond what the edit tool does. The diff's proposed side is
 * the plan's text, held in memory, so what precedes the diff is the plan alone: one read of the
 * file and the replacement, against the tool's own time (read, replace, write) on a 5 MB file.
 * Reads of the file are counted while the plan is made.
 */
import { mkdtempSync, promises as fs, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ApprovalGate } from '../src/core/agent/tools/approval';
import { createEditTool } from '../src/core/agent/tools/edit';
import type { ApprovalRequest } from '../src/core/agent/tools/tool';
import { performance } from 'node:perf_hooks';
import { medianMs, msLine, ratioLine } from './measure';

const LINE = 'const value = compute(alpha, beta, gamma); // a line of an ordinary source file\n';
const RUNS = 7;

export async function run(): Promise<void> {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'arbor-review-bench-')));
  try {
    const lines = Math.ceil((5 * 1024 * 1024) / LINE.length);
    const middle = Math.floor(lines / 2);
    const text = Array.from({ length: lines }, (_, index) => (index === middle ? 'const marker = 1;\n' : LINE)).join('');
    const file = path.join(dir, 'big.ts');
    const args = { path: 'big.ts', edits: [{ oldText: 'const marker = 1;', newText: 'const marker = 2;' }] };
    const context = { root: dir, signal: new AbortController().signal };
    const reset = (): void => writeFileSync(file, text);
    console.log(`file: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB, ${lines} lines`);

    const edit = createEditTool();
    const toolMs = await medianMs(RUNS, async () => {
      reset();
      await edit.execute(args, context);
    });

    // The gated edit up to the moment the diff would open (the approval callback gets the plan).
    let reads = 0;
    const readFile = fs.readFile;
    const counting = ((...given: Parameters<typeof fs.readFile>) => {
      if (given[0] === file) reads++;
      return readFile(...given);
    }) as typeof fs.readFile;
    const toDiffTimes: number[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        reset();
        reads = 0;
        fs.readFile = counting;
        const start = performance.now();
        const gate = new ApprovalGate({
          ask: async (request: ApprovalRequest) => {
            toDiffTimes.push(performance.now() - start);
            fs.readFile = readFile;
            if (request.plan?.proposed.length !== text.length) throw new Error('the plan does not carry the proposed text');
            return 'deny';
          },
        });
        await gate.wrap([createEditTool()])[0]!.execute(args, context);
      }
    } finally {
      fs.readFile = readFile;
    }
    const toDiff = toDiffTimes.sort((a, b) => a - b)[Math.floor(toDiffTimes.length / 2)]!;
    console.log(msLine('edit tool on 5 MB: read, replace, write (its own time)', toolMs));
    console.log(msLine('edit awaiting review on 5 MB: until the diff opens (the plan)', toDiff));
    console.log(`reads of the file until the diff opens: ${reads} (must hold: 1, the tool's own)`);
    console.log(ratioLine('until the diff opens / the tool’s own time (≤ 1: no second read)', toDiff / toolMs, { max: 1 }));
    if (reads !== 1) throw new Error(`the file was read ${reads} times before the diff opened`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
