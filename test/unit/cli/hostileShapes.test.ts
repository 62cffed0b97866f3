// Every command of the CLI on the shapes a stranger's session file may hold: values nested
// 100 000 deep, 150 000 backtick runs, an entry with 200 000 children, lines of 16 MB. Each
// command answers with its exit code and its message: no stack overflow, no hang.
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSessionFile, type SessionEntry } from '../../../src/core/session';
import { backtickEntries, deepEntries, hugeLineEntries, sessionFileText, wideEntries } from '../../support/builders';
import { reply, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { arbor, type CliRun } from './runArbor';

const KEY = 'sk-ant-hostile-shapes';

interface Shape {
  name: string;
  entries: () => SessionEntry[];
  /** Two entries on different branches (or the first and last), for branch-entries. */
  from: string;
  to: string;
}

const SHAPES: Shape[] = [
  { name: 'tool arguments, details and custom data nested 100 000 deep', entries: () => deepEntries(100_000), from: 'a2', to: 'u1' },
  { name: 'messages of 150 000 backtick runs', entries: () => backtickEntries(150_000), from: 'a2', to: 'u1' },
  { name: 'an entry with 200 000 children', entries: () => wideEntries(200_000), from: 'k199999', to: 'k0' },
  { name: 'lines of 16 MB', entries: () => hugeLineEntries(16_000_000), from: 'a1', to: 'u1' },
];

/** A successful run: exit 0, nothing on stderr, something on stdout. */
function ok(run: CliRun): string {
  assert.equal(run.stderr, '');
  assert.equal(run.code, 0);
  assert.ok(run.stdout.length > 0);
  return run.stdout;
}

for (const shape of SHAPES) {
  describe(`arbor on a session file with ${shape.name}`, function () {
    this.timeout(240_000);
    // One file per shape, written once (building it is most of the cost) and shared by the tests.
    let dir = '';
    const tmp = (): string => dir;
    // Every request gets the same short answer: the summary (as many as the chunks need) and the reply.
    const server = useFakeAnthropic({ apiKey: KEY, handler: () => reply(text('All right.')) });
    let file = '';
    let entries: SessionEntry[] = [];
    let last = '';

    before(function () {
      this.timeout(240_000);
      dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-hostile-'));
      entries = shape.entries();
      last = entries.at(-1)!.id;
      file = path.join(tmp(), 'hostile.jsonl');
      writeFileSync(file, sessionFileText(entries));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('compact and run talk to the model and append to (a copy of) the file', async () => {
      const env = { ANTHROPIC_API_KEY: process.env.ANTHROPIC_API_KEY, PI_CODING_AGENT_DIR: process.env.PI_CODING_AGENT_DIR };
      process.env.ANTHROPIC_API_KEY = KEY;
      // pi's agent folder in the test's folder: the user's own ~/.pi (settings, AGENTS.md) is never read.
      process.env.PI_CODING_AGENT_DIR = path.join(tmp(), 'pi-agent');
      // On a copy: the other tests read the file as it was written, whatever order they run in.
      const appended = path.join(tmp(), 'appended.jsonl');
      copyFileSync(file, appended);
      try {
        const compact = await arbor('compact', appended, '--keep-recent', '1000', '--base-url', server().url);
        // Either it compacted, or it said in one line why there is nothing to compact.
        assert.match(compact.code === 0 ? compact.stdout : compact.stderr, compact.code === 0 ? /^compacted: / : /^arbor compact: .*Nothing to compact/);
        const folder = tmp();
        // Checkpoints off: this test runs in-process, where they would use the user's own state folder.
        const run = await arbor('run', appended, 'go on', '--tools', 'read', '--cwd', folder, '--no-checkpoints', '--base-url', server().url, '--json');
        // The header names the folder the session was started in; the tools work where told.
        assert.equal(run.stderr, `arbor run: the tools work in ${folder}, not in /work/project where the session was started (--cwd DIR chooses)\n`);
        assert.equal((JSON.parse(run.stdout) as { reply: string }).reply, 'All right.');
        assert.equal(run.code, 0);
      } finally {
        for (const [name, value] of Object.entries(env)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    });

    it('tree lists every entry, as text and as JSON', async () => {
      assert.ok(ok(await arbor('tree', file)).startsWith(`session hostile-session: ${entries.length} entries, 1 root, current position ${last}\n`));
      const json = JSON.parse(ok(await arbor('tree', file, '--json'))) as { nodes: unknown[] };
      assert.equal(json.nodes.length, entries.length);
    });

    it('context gives the messages of the current branch', async () => {
      const json = JSON.parse(ok(await arbor('context', file, '--json'))) as { leafId: string; messages: { role: string }[] };
      assert.equal(json.leafId, last);
      assert.ok(json.messages.length > 0);
      assert.ok(ok(await arbor('context', file)).startsWith(`context at ${last}: ${json.messages.length} messages`));
    });

    it('tokens and cut-point count every entry of the branch, with either estimator', async () => {
      for (const estimator of ['pi', 'tokenizer']) {
        const tokens = JSON.parse(ok(await arbor('tokens', file, '--estimator', estimator, '--json'))) as { contextTokens: number };
        assert.ok(tokens.contextTokens > 0);
        const cut = JSON.parse(ok(await arbor('cut-point', file, '--keep-recent', '1000', '--estimator', estimator, '--json'))) as { firstKeptEntryId: string | null };
        assert.ok(entries.some((entry) => entry.id === cut.firstKeptEntryId));
      }
    });

    it('branch-entries, check and repair report on the file', async () => {
      assert.ok(ok(await arbor('branch-entries', file, '--from', shape.from, '--to', shape.to)).startsWith(`from ${shape.from} to ${shape.to}: common ancestor`));
      assert.deepEqual(JSON.parse(ok(await arbor('check', file, '--json'))), { ok: true, malformedLines: [], orphans: [], cycles: [], duplicateIds: [], tornTail: false });
      assert.equal(ok(await arbor('repair', file)), `${file}: no torn last line; nothing changed\n`);
    });

    it('usage adds up the branch to the position and the whole file', async () => {
      const totals = JSON.parse(ok(await arbor('usage', file, '--json'))) as Record<string, { totalTokens: number }>;
      assert.deepEqual(Object.keys(totals), ['branch', 'session']);
      assert.ok(totals.session!.totalTokens >= totals.branch!.totalTokens);
      assert.ok(ok(await arbor('usage', file)).startsWith(`branch to ${last}: `));
    });

    it('export writes the branch as Markdown, HTML and a JSONL session that loads back whole', async () => {
      for (const format of ['md', 'html', 'jsonl']) {
        const out = path.join(tmp(), `out.${format}`);
        assert.match(ok(await arbor('export', file, '--format', format, '-o', out)), /^wrote \d+ entries/);
        assert.ok(readFileSync(out, 'utf8').length > 0);
      }
      const exported = await loadSessionFile(path.join(tmp(), 'out.jsonl'));
      const branch = exported.tree.entries.map((entry) => entry.id);
      assert.equal(branch.at(-1), last);
      assert.deepEqual(exported.report.malformed, []);
    });
  });
}
