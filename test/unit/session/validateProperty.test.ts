/**
 * Property: no valid-JSON line makes a reader throw. Real entries (written through Arbor's
 * Session API and through pi 1.6.0's SessionManager) are mutated at random — fields deleted,
 * wrong types, null, arrays, nulls inside content arrays, huge strings, unknown types and roles,
 * names that are Object.prototype properties — written to files, and fed through every reader:
 * open, context and conversion, display tree, descriptions, token counts, cut points, compaction
 * preparation, branch summaries, the catalog and every CLI command. A sweep applies every single
 * change to every field of one entry of each kind, so no reader's assumption is left to chance.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  buildSessionContext,
  ContextEditError,
  convertToLlm,
  describeEntry,
  firstLine,
  loadSessionFile,
  openSessionFile,
  planHide,
  planReplace,
  planUnhide,
  projectPath,
  SessionFileError,
  summarizeSessionFile,
  userMessagesForForking,
  type SessionEntry,
  type LoadedSessionFile,
} from '../../../src/core/session';
import {
  collectEntriesForBranchSummary,
  DEFAULT_COMPACTION_SETTINGS,
  dropOrphanToolResults,
  findCutPoint,
  prepareBranchEntries,
  prepareCompaction,
  serializeConversation,
} from '../../../src/core/compaction';
import { navigationTarget } from '../../../src/core/navigation';
import { flattenDisplayTree, getDisplayTree, getTree } from '../../../src/core/sessionTree';
import { calibrationAt, contextStatus, createTokenizerEstimator, getLastAssistantUsage, piEstimator, type TokenEstimator } from '../../../src/core/tokens';
import { convertMessages } from '../../../src/core/llm/anthropic/convert';
import { contextMessageText, entryPreview } from '../../../src/cli/describe';
import { COMMANDS } from '../../../src/cli/commands';
import { arbor, arborProcess } from '../cli/runArbor';
import { arborWriter, piWriter } from '../../support/sessionWriters';
import { Dice, seededRandom, writeRandomSession } from '../../support/randomSession';
import { memorySession } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const FILES = 20;
/**
 * Commands that need a model (and a server): they read the file through the same
 * `openSessionFile` and compaction preparation this test exercises directly.
 */
const CALLS_THE_MODEL = new Set(['compact', 'run']);
const HEADER = '{"type":"session","version":3,"id":"prop-session","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/home/dev/project"}';
const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'];
/** About 1 MB of words (a single 1 MB word would only measure the tokenizer's worst case). */
const HUGE = 'lorem ipsum dolor sit amet '.repeat(40_000);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Holder = Json[] | { [key: string]: Json };
type Step = (string | number)[];

/** Every place inside `value` (its fields and array items, at any depth). */
function places(value: Json, prefix: Step = [], out: Step[] = []): Step[] {
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, index) => index) : isRecord(value) ? Object.keys(value) : [];
  for (const key of keys) {
    out.push([...prefix, key]);
    places((value as Record<string | number, Json>)[key]!, [...prefix, key], out);
  }
  return out;
}

function valueAt(root: Json, step: Step): Json | undefined {
  let value: Json | undefined = root;
  for (const key of step) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string | number, Json>)[key];
  return value;
}

function holderOf(root: Holder, step: Step): { holder: Holder; key: string | number } {
  let holder = root as Json;
  for (const key of step.slice(0, -1)) holder = (holder as Record<string | number, Json>)[key]!;
  return { holder: holder as Holder, key: step[step.length - 1]! };
}

/** Sets a field as an own property, even `__proto__` (as JSON.parse would create it). */
function put(holder: Holder, key: string | number, value: Json): void {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}

function wrongValue(dice: Dice): Json {
  const values: Json[] = [null, 42, -1, 0, 1.5, true, false, '', 'x', [], [null], [1, 'a'], {}, { type: 'text' }, { toString: 1, valueOf: 1 }, { type: null }];
  return dice.chance(0.02) ? HUGE : dice.pick(values);
}

/** One random change somewhere in the entry. */
function mutateOnce(entry: { [key: string]: Json }, dice: Dice): void {
  const all = places(entry);
  const roll = dice.int(0, 9);
  if (roll === 0) {
    entry.type = dice.pick([...PROTO_NAMES, 'message', 'label', 'compaction', 'custom_message', 'branch_summary', 'x'.repeat(200), 'unknown_kind']);
  } else if (roll === 1 && isRecord(entry.message)) {
    entry.message.role = dice.pick([...PROTO_NAMES, 'user', 'assistant', 'toolResult', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary', 'hookMessage', 7 as never]);
  } else if (roll === 2) {
    // A block of another type, or a tool call named like an Object property (with a path argument).
    const blocks = all.filter((step) => step[step.length - 1] === 'type' && typeof step[step.length - 2] === 'number');
    if (blocks.length === 0) return;
    const { holder } = holderOf(entry, dice.pick(blocks));
    const block = holder as { [key: string]: Json };
    if (dice.chance(0.5)) block.type = dice.pick(['text', 'image', 'toolCall', 'thinking', ...PROTO_NAMES]);
    else Object.assign(block, { type: 'toolCall', id: 'c1', name: dice.pick(PROTO_NAMES), arguments: { path: 'src/a.ts' } });
  } else if (roll === 3) {
    // Something odd inserted into an array (content lists above all).
    const arrays = all.filter((step) => Array.isArray(valueAt(entry, step)));
    if (arrays.length === 0) return;
    const list = valueAt(entry, dice.pick(arrays)) as Json[];
    list.splice(dice.int(0, list.length), 0, dice.pick<Json>([null, 7, 'text', [], { type: 'text' }, { type: 'image', data: null }]));
  } else if (roll === 4) {
    entry.parentId = dice.pick([entry.id ?? null, 'nowhere', 5, [], ...PROTO_NAMES]);
  } else if (roll === 5 && dice.chance(0.3)) {
    put(entry, dice.pick(['__proto__', 'constructor', 'toString']), dice.pick([{ polluted: true }, 1, null]));
  } else {
    if (all.length === 0) return;
    const { holder, key } = holderOf(entry, dice.pick(all));
    if (dice.chance(0.35)) {
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key as string];
    } else {
      put(holder, key, wrongValue(dice));
    }
  }
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DELETE = Symbol('delete');
const SWEEP_VALUES: Json[] = [null, 42, -1, true, '', 'x', [], [null], {}, { type: 'text' }, { toString: 1, valueOf: 1 }, 'constructor', '__proto__'];

/** One entry of each kind (type, role and block types), from all the sources. */
function representatives(sources: readonly (readonly { [key: string]: Json }[])[]): { [key: string]: Json }[] {
  const byShape = new Map<string, { [key: string]: Json }>();
  for (const entries of sources) {
    for (const entry of entries) {
      const message = isRecord(entry.message) ? entry.message : undefined;
      const content = message?.content ?? entry.content;
      const blocks = Array.isArray(content) ? [...new Set(content.map((block) => (isRecord(block) ? String(block.type) : '?')))].sort().join('+') : typeof content;
      const shape = `${String(entry.type)}:${String(message?.role ?? '')}:${blocks}`;
      if (!byShape.has(shape)) byShape.set(shape, entry);
    }
  }
  return [...byShape.values()];
}

interface Sample {
  file: string;
  /** Line number → entry id, for the lines left unchanged. */
  untouched: Map<number, string>;
  entryLines: number[];
  /** Lines changed so that they certainly cannot be used (an independent oracle for a subset). */
  certainlyBroken: number[];
  /** The header was mutated too: the file may have become "not a session". */
  headerMutated: boolean;
}

/** Lines of `entries`, about a third of them mutated 1–3 times. */
function writeSample(file: string, entries: readonly { [key: string]: Json }[], dice: Dice, brokenShare = 0.1, headerShare = 0.15): Sample {
  const header = JSON.parse(HEADER) as { [key: string]: Json };
  const headerMutated = dice.chance(headerShare);
  if (headerMutated) mutateOnce(header, dice);
  const lines = [JSON.stringify(header)];
  const untouched = new Map<number, string>();
  const entryLines: number[] = [];
  const certainlyBroken: number[] = [];
  for (const original of entries) {
    const lineNumber = lines.length + 1;
    entryLines.push(lineNumber);
    if (!dice.chance(0.33)) {
      lines.push(JSON.stringify(original));
      untouched.set(lineNumber, original.id as string);
      continue;
    }
    const entry = structuredClone(original);
    for (let n = dice.int(1, 3); n > 0; n--) mutateOnce(entry, dice);
    if (dice.chance(brokenShare)) {
      // Known to be fatal whatever else changed: no id, or a message entry's message replaced.
      if (dice.chance(0.5)) delete entry.id;
      else if (entry.type === 'message') entry.message = dice.pick([null, 42, 'text', [], true]);
      if (entry.id === undefined || entry.type === 'message') certainlyBroken.push(lineNumber);
    }
    lines.push(JSON.stringify(entry));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, untouched, entryLines, certainlyBroken, headerMutated };
}

describe('no valid-JSON line makes a reader throw (property)', function () {
  this.timeout(120_000);
  const tmp = useTempDir();
  let sources: { [key: string]: Json }[][];
  let tokenizer: TokenEstimator;

  before(async () => {
    const pi = await loadPi();
    sources = [];
    for (let seed = 1; seed <= 4; seed++) {
      const sm = pi.SessionManager.inMemory('/home/dev/project');
      await writeRandomSession(piWriter(sm), 100 + seed, 40);
      sources.push(JSON.parse(JSON.stringify(sm.getEntries())));
      const session = memorySession();
      await writeRandomSession(arborWriter(session), 200 + seed, 40);
      sources.push(JSON.parse(JSON.stringify(session.entries)));
    }
    // A cheap stand-in counter keeps this test fast; the real tokenizer runs through the CLI below.
    tokenizer = createTokenizerEstimator((text) => Math.ceil(text.length / 3), 'chars/3');
  });

  it(`holds for ${FILES} files of mutated real entries`, async () => {
    const dice = new Dice(seededRandom(20260301));
    let reported = 0;
    let kept = 0;
    let refused = 0;
    for (let n = 0; n < FILES; n++) {
      const sample = writeSample(path.join(tmp(), `s${n}.jsonl`), dice.pick(sources), dice);
      try {
        const counts = await exercise(sample, dice, n < 8);
        reported += counts.reported;
        kept += counts.kept;
        if (counts.refused) refused++;
      } catch (error) {
        const copy = path.join('/tmp', `arbor-property-failure-${n}.jsonl`);
        writeFileSync(copy, readFileSync(sample.file));
        throw new Error(`file ${n} (copied to ${copy}): ${(error as Error).stack}`, { cause: error });
      }
    }
    // The mutations must reach both outcomes, or this test proves less than it says.
    assert.ok(reported > 60, `${reported} lines reported`);
    assert.ok(kept > 600, `${kept} entries kept`);
    assert.ok(refused > 0 && refused < FILES / 4, `${refused} files refused as not a session`);
  });

  async function exercise(sample: Sample, dice: Dice, everyCommand: boolean): Promise<{ reported: number; kept: number; refused: boolean }> {
    const before = readFileSync(sample.file);
    const loaded = await loadSessionFile(sample.file).catch((error: unknown) => {
      if (sample.headerMutated && error instanceof SessionFileError && error.reason === 'not-a-session') return undefined;
      throw error;
    });
    if (!loaded) return refusedEverywhere(sample.file, before);
    assertPartition(sample, loaded);
    readAll(loaded, dice);
    await runCommands(sample.file, loaded, dice, everyCommand);
    assert.ok(await summarizeSessionFile(sample.file));
    assert.deepEqual(readFileSync(sample.file), before, 'the file changed');
    const { session } = await openSessionFile(sample.file);
    assert.deepEqual(readFileSync(sample.file), before, 'opening changed the file');
    await session.appendCustomEntry('property.test', { n: 1 });
    assert.deepEqual(readFileSync(sample.file).subarray(0, before.length), before, 'an append changed earlier bytes');
    return { reported: loaded.report.malformed.length, kept: loaded.tree.size, refused: false };
  }

  /** A file that is not a session: every reader says so, none throws, nothing is written. */
  async function refusedEverywhere(file: string, before: Buffer): Promise<{ reported: number; kept: number; refused: boolean }> {
    await assert.rejects(openSessionFile(file), { reason: 'not-a-session' });
    assert.equal(await summarizeSessionFile(file), undefined);
    for (const argv of [['check', file], ['tree', file], ['cut-point', file, '--keep-recent', '10'], ['export', file, '--format', 'md']]) {
      const run = await arbor(...argv);
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.stderr, /: not a session file \(its first line is not a session header\)\n$/);
    }
    assert.deepEqual(readFileSync(file), before, 'a refused file changed');
    return { reported: 0, kept: 0, refused: true };
  }

  /** Every entry line is either in the tree or reported with its line number, never both. */
  function assertPartition(sample: Sample, loaded: LoadedSessionFile): void {
    const reportedLines = loaded.report.malformed.map((m) => m.line);
    assert.equal(new Set(reportedLines).size, reportedLines.length, 'a line reported twice');
    for (const { line, reason } of loaded.report.malformed) {
      assert.ok(sample.entryLines.includes(line), `line ${line} is not an entry line`);
      assert.ok(reason.length > 0 && reason.length < 200, `reason of line ${line}: ${reason.slice(0, 300)}`);
    }
    assert.equal(loaded.tree.size + reportedLines.length, sample.entryLines.length);
    for (const [line, id] of sample.untouched) {
      assert.ok(!reportedLines.includes(line), `untouched line ${line} reported: ${loaded.report.malformed.find((m) => m.line === line)?.reason}`);
      assert.ok(loaded.tree.has(id) || loaded.report.problems.duplicateIds.some((d) => d.id === id), `untouched entry ${id} missing`);
    }
    for (const line of sample.certainlyBroken) assert.ok(reportedLines.includes(line), `line ${line} should be reported`);
  }

  function readAll(loaded: LoadedSessionFile, dice: Dice): void {
    const { tree } = loaded;
    for (const row of flattenDisplayTree(getDisplayTree(tree, tree.entries[tree.size - 1]?.id ?? null))) {
      const text = describeEntry(row.node.entry);
      assert.equal(typeof firstLine(text.text), 'string');
      assert.equal(typeof text.tag, 'string');
      assert.equal(typeof entryPreview(row.node.entry), 'string');
    }
    getTree(tree);
    userMessagesForForking(tree);
    const leaves = tree.size === 0 ? [] : Array.from({ length: 4 }, () => dice.pick(tree.entries).id);
    for (const leaf of leaves) readAtLeaf(tree, leaf, dice);
  }

  /** Everything that reads the path to `leaf`: context, conversions, token counts, cuts, branches. */
  function readAtLeaf(tree: LoadedSessionFile['tree'], leaf: string, dice: Dice): void {
    {
      const context = buildSessionContext(tree, leaf);
      const llm = convertToLlm(context.messages);
      convertMessages(llm, 'claude-sonnet-4-5');
      serializeConversation(llm);
      dropOrphanToolResults(llm);
      for (const message of context.messages) {
        assert.equal(typeof contextMessageText(message), 'string');
        assert.ok(Number.isFinite(piEstimator.estimate(message)));
        assert.ok(Number.isFinite(tokenizer.estimate(message)));
      }
      const status = contextStatus(context.messages, { contextWindow: 200_000, settings: { enabled: true, reserveTokens: 16_384 } });
      assert.ok(Number.isFinite(status.contextTokens), `context tokens ${status.contextTokens}`);
      calibrationAt(leaf, (id) => tree.get(id), tokenizer);
      const pathEntries: SessionEntry[] = tree.pathTo(leaf);
      getLastAssistantUsage(pathEntries);
      const projected = projectPath(pathEntries).entries;
      for (const keep of [0, 50, 2000]) findCutPoint(projected, 0, projected.length, keep, { estimator: dice.pick([piEstimator, tokenizer]) });
      prepareCompaction(pathEntries, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: dice.pick([20, 500]) }, { contextWindow: 8000, cwd: '/home/dev/project' });
      const other = dice.pick(tree.entries).id;
      const { entries } = collectEntriesForBranchSummary(tree, leaf, other);
      prepareBranchEntries(entries, dice.pick([0, 200]), { cwd: '/home/dev/project' });
      navigationTarget({ tree }, other);
      // The user's context edits, planned on whatever the file holds: refused in words or planned, never a throw of another kind.
      const branch = { getBranch: () => pathEntries, getEntry: (id: string) => tree.get(id) };
      const target = dice.pick(pathEntries).id;
      for (const plan of [() => planHide(branch, target), () => planReplace(branch, target, 'other text'), () => planUnhide(branch, target)]) {
        try {
          plan();
        } catch (error) {
          if (!(error instanceof ContextEditError)) throw error;
        }
      }
    }
  }

  async function runCommands(file: string, loaded: LoadedSessionFile, dice: Dice, everyCommand: boolean): Promise<void> {
    const ids = loaded.tree.entries.map((entry) => entry.id);
    const some = (): string[] => (ids.length > 0 && dice.chance(0.7) ? ['--leaf', dice.pick(ids)] : []);
    const runs: string[][] = [
      ['tree', file],
      ['context', file, ...some()],
      ['tokens', file, ...some(), '--estimator', everyCommand && dice.chance(0.3) ? 'tokenizer' : 'pi'],
      ['cut-point', file, '--keep-recent', String(dice.pick([0, 100, 5000])), ...some()],
      ['check', file],
      ['repair', file],
      ['export', file, '--format', dice.pick(['md', 'html', 'jsonl']), ...some()],
      ['usage', file, ...some()],
      ['files', file, ...some()],
    ];
    if (ids.length > 0) runs.push(['branch-entries', file, '--from', dice.pick(ids), '--to', dice.pick(ids)]);
    const run = new Set(runs.map((argv) => argv[0]));
    // restore works on the current folder's files and a store (test/unit/cli/checkpoints.test.ts); `pin`, `hide`,
    // `replace` and `unhide` write to the file by design (this property wants the file unchanged;
    // test/unit/cli/pinRecall.test.ts and contextEdit.test.ts cover them, and readAtLeaf plans their edits here).
    const writers = new Set(['restore', 'pin', 'hide', 'replace', 'unhide']);
    for (const command of COMMANDS) assert.ok(run.has(command.name) || CALLS_THE_MODEL.has(command.name) || writers.has(command.name), `arbor ${command.name} is not exercised`);
    for (const argv of runs) {
      if (!everyCommand && dice.chance(0.5)) continue;
      for (const json of [false, true]) {
        const run = await arbor(...argv, ...(json ? ['--json'] : []));
        assert.ok(run.code === 0 || run.code === 1, `arbor ${argv.join(' ')} exited ${run.code}: ${run.stderr}`);
        assert.equal(run.stderr, '', `arbor ${argv.join(' ')}`);
        if (json) JSON.parse(run.stdout);
      }
    }
    if (loaded.report.malformed.length > 0) assert.equal((await arbor('check', file)).code, 1);
  }

  it('holds for every single change of every field of one entry of each kind', async () => {
    const dice = new Dice(seededRandom(4242));
    const base = sources[0]!;
    const baseIds = new Set(base.map((e) => e.id as string));
    const lastId = base[base.length - 1]!.id as Json;
    const variants: { [key: string]: Json }[] = [];
    for (const original of representatives(sources)) {
      for (const step of places(original)) {
        for (const value of [DELETE, ...SWEEP_VALUES] as (Json | typeof DELETE)[]) {
          const variant = structuredClone(original);
          const { holder, key } = holderOf(variant, step);
          if (value === DELETE) {
            if (Array.isArray(holder)) holder.splice(key as number, 1);
            else delete holder[key as string];
          } else put(holder, key, value);
          // Its own line in the tree, below the base conversation (unless id or parent is what changed).
          if (step[0] !== 'id') variant.id = `v${variants.length}`;
          if (step[0] !== 'parentId') variant.parentId = lastId;
          variants.push(variant);
        }
      }
    }
    const file = path.join(tmp(), 'sweep.jsonl');
    writeFileSync(file, `${[HEADER, ...[...base, ...variants].map((e) => JSON.stringify(e))].join('\n')}\n`);
    const before = readFileSync(file);
    const loaded = await loadSessionFile(file);
    assert.equal(loaded.tree.size + loaded.report.malformed.length, base.length + variants.length);
    for (const id of baseIds) assert.ok(loaded.tree.has(id), `base entry ${id} missing`);
    const kept = loaded.tree.entries.filter((entry) => !baseIds.has(entry.id));
    assert.ok(kept.length > 500 && loaded.report.malformed.length > 500, `${kept.length} variants kept, ${loaded.report.malformed.length} reported`);
    readAll(loaded, dice);
    for (const entry of kept) {
      try {
        describeEntry(entry);
        entryPreview(entry);
        readAtLeaf(loaded.tree, entry.id, dice);
      } catch (error) {
        throw new Error(`${JSON.stringify(entry).slice(0, 400)}: ${(error as Error).stack}`, { cause: error });
      }
    }
    // Ids the file itself holds (duplicates get fresh ids in memory, different on each read).
    const leaf = (): string => dice.pick(kept.filter((entry) => entry.id.startsWith('v'))).id;
    for (const argv of [['tree', file], ['check', file], ['export', file, '--format', 'html'], ['context', file, '--leaf', leaf()], ['cut-point', file, '--keep-recent', '50', '--leaf', leaf()]]) {
      const run = await arbor(...argv, '--json');
      assert.ok(run.code === 0 || run.code === 1, `arbor ${argv.join(' ')} exited ${run.code}: ${run.stderr}`);
      JSON.parse(run.stdout);
    }
    assert.deepEqual(readFileSync(file), before);
  });

  it('holds for the built CLI run as a process', async function () {
    this.timeout(120_000);
    const dice = new Dice(seededRandom(77));
    for (let n = 0; n < 2; n++) {
      const sample = writeSample(path.join(tmp(), `p${n}.jsonl`), dice.pick(sources), dice, 0.5, 0);
      const loaded = await loadSessionFile(sample.file);
      for (const argv of [['tree', sample.file], ['cut-point', sample.file, '--keep-recent', '100']]) {
        const run = await arborProcess(...argv);
        assert.ok(run.code === 0 || run.code === 1, `arbor ${argv.join(' ')} exited ${run.code}: ${run.stderr}`);
        assert.equal(run.stderr, '', argv.join(' '));
      }
      const check = await arborProcess('check', sample.file, '--json');
      const report = JSON.parse(check.stdout) as { malformedLines: { line: number }[] };
      const lines = report.malformedLines.map((m) => m.line);
      assert.deepEqual(lines, loaded.report.malformed.map((m) => m.line));
      assert.ok(sample.certainlyBroken.length > 0);
      for (const line of sample.certainlyBroken) assert.ok(lines.includes(line), `line ${line} not reported by the process`);
      assert.equal(check.code, 1);
    }
  });
});
