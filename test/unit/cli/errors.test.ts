import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborProcess, type CliRun } from './runArbor';

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}\n';

/** Deterministic bytes that are not text (xorshift). */
function garbage(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let x = 0x2545f491;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

function assertOneLineError(run: CliRun, expected: string): void {
  assert.equal(run.code, 2);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr, `${expected}\n`);
}

describe('arbor errors', () => {
  const tmp = useTempDir();
  const file = (name: string, content: string | Buffer): string => {
    const target = path.join(tmp(), name);
    writeFileSync(target, content);
    return target;
  };

  it('a missing file: exit 2, one line naming the file', async () => {
    const missing = path.join(tmp(), 'nope.jsonl');
    assertOneLineError(await arbor('tree', missing), `arbor tree: ${missing}: no such file`);
  });

  it('a directory instead of a file: exit 2', async () => {
    const dir = path.join(tmp(), 'dir.jsonl');
    mkdirSync(dir);
    assertOneLineError(await arbor('context', dir), `arbor context: ${dir}: is a directory, not a session file`);
  });

  it('an empty file: exit 2, "not a session file"', async () => {
    const empty = file('empty.jsonl', '');
    assertOneLineError(await arbor('check', empty), `arbor check: ${empty}: not a session file (the file is empty)`);
  });

  it('binary garbage: exit 2, "not a session file"', async () => {
    const binary = file('binary.jsonl', garbage(64 * 1024));
    assertOneLineError(await arbor('tree', binary), `arbor tree: ${binary}: not a session file (its first line is not a session header)`);
  });

  it('a file whose first line is an entry, not a header: exit 2', async () => {
    const entryFirst = file('entry.jsonl', '{"type":"message","id":"1"}\n' + HEADER);
    assertOneLineError(await arbor('export', entryFirst, '--format', 'md'), `arbor export: ${entryFirst}: not a session file (its first line is not a session header)`);
  });

  it('a header-only file is a valid empty session', async () => {
    const headerOnly = file('header.jsonl', HEADER);
    const tree = await arbor('tree', headerOnly, '--json');
    assert.deepEqual([tree.code, JSON.parse(tree.stdout)], [0, { leafId: null, roots: [], nodes: [] }]);
    const context = await arbor('context', headerOnly, '--json');
    assert.deepEqual(JSON.parse(context.stdout), { leafId: null, thinkingLevel: 'off', model: null, messages: [] });
    const check = await arbor('check', headerOnly, '--json');
    assert.equal(check.code, 0);
    assert.equal(JSON.parse(check.stdout).ok, true);
  });

  it('bad usage: exit 2 with one line and no stack trace', async () => {
    const headerOnly = file('header.jsonl', HEADER);
    assertOneLineError(await arbor('grow', headerOnly), 'arbor: unknown command "grow" (commands: tree, context, tokens, usage, cut-point, branch-entries, check, repair, export, compact, run, files, restore, pin, hide, replace, unhide)');
    assertOneLineError(await arbor('tree'), 'arbor tree: missing the session file (usage: arbor tree <file> [--json]) (see arbor --help)');
    assertOneLineError(await arbor('tree', headerOnly, '--leaf', 'x'), 'arbor tree: unknown option --leaf (see arbor --help)');
    assertOneLineError(await arbor('context', headerOnly, '--leaf'), 'arbor context: option --leaf needs a value (ID) (see arbor --help)');
    assertOneLineError(await arbor('tokens', headerOnly, '--estimator', 'words'), 'arbor tokens: option --estimator must be one of pi, tokenizer, got "words" (see arbor --help)');
    assertOneLineError(await arbor('tree', headerOnly, 'extra'), 'arbor tree: unexpected argument "extra" (usage: arbor tree <file> [--json]) (see arbor --help)');
  });

  it('without arguments prints the help on stderr and exits 2; --help prints it on stdout', async () => {
    const bare = await arbor();
    assert.equal(bare.code, 2);
    assert.match(bare.stderr, /^usage: arbor <command> <session\.jsonl> \[options\]\n/);
    const help = await arbor('--help');
    assert.equal(help.code, 0);
    assert.equal(help.stdout, bare.stderr);
  });

  describe('as a real process (node cli.js)', function () {
    this.timeout(60_000);

    it('exit 2 and one stderr line for a missing file, an empty file and a 50 MB single line', async () => {
      const missing = path.join(tmp(), 'missing.jsonl');
      assertOneLineError(await arborProcess('tree', missing, '--json'), `arbor tree: ${missing}: no such file`);
      const empty = file('empty.jsonl', '');
      assertOneLineError(await arborProcess('context', empty), `arbor context: ${empty}: not a session file (the file is empty)`);
      const huge = file('huge.jsonl', Buffer.alloc(50 * 1024 * 1024, 'x'));
      assertOneLineError(await arborProcess('check', huge, '--json'), `arbor check: ${huge}: not a session file (its first line is not a session header)`);
    });

    it('check exits 1 on a problem and still prints exactly one JSON document', async () => {
      const torn = file('torn.jsonl', `${HEADER}{"type":"mess`);
      const run = await arborProcess('check', torn, '--json');
      assert.equal(run.code, 1);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout.trimEnd().split('\n').length, 1);
      assert.deepEqual(JSON.parse(run.stdout).tornTail, true);
    });

    it('imports the tokenizer only for --estimator tokenizer (start-up time is measured by bench/cli.bench.ts)', async () => {
      // The bundle lives in a temp folder where gpt-tokenizer cannot be found: any import of it fails.
      const session = fixturePath('synthetic-branched.jsonl');
      const pi = await arborProcess('tokens', session, '--json');
      assert.deepEqual([pi.code, pi.stdout, pi.stderr], [0, '{"estimator":"pi","contextTokens":82,"reportedTokens":0,"estimatedTokens":82}\n', '']);
      const tokenizer = await arborProcess('tokens', session, '--estimator', 'tokenizer');
      assert.equal(tokenizer.code, 2);
      assert.match(tokenizer.stderr, /^arbor tokens: --estimator tokenizer: the gpt-tokenizer package could not be loaded \(Cannot find package 'gpt-tokenizer' [^\n]*\)\n$/);
      assert.equal((await arborProcess('--help')).code, 0);
    });

    it('a header-only file exits 0 for tree', async () => {
      const run = await arborProcess('tree', file('header.jsonl', HEADER), '--json');
      assert.deepEqual([run.code, run.stdout, run.stderr], [0, '{"leafId":null,"roots":[],"nodes":[]}\n', '']);
    });
  });
});
