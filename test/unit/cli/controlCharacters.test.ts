/**
 * Session text is anyone's: a message can hold terminal escape sequences (clear the screen, set
 * the title, rewrite the line) or bidirectional overrides that make printed text read otherwise
 * than it is. The CLI shows them as visible symbols in text output and escapes them in JSON.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync } from 'node:fs';
import { createSessionFile } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { arbor } from './runArbor';

/** What a terminal acts on: C0 controls but newline and tab, DEL, C1 controls, bidi embeddings, overrides and isolates. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

const HOSTILE_USER = 'clear\x1b[2J\x1b[Hthe screen, \x1b]0;set the title\x07, \u202eevil\u202c and \u009b31m C1';
const HOSTILE_REPLY = 'done\x1b[1A\x1b[2K\rrewritten \x7f\x08';

describe('CLI output of session text holding terminal controls', () => {
  const tmp = useTempDir();
  let replyId = '';

  /** The session file; its last entry is an orphan, so exports name the leaf: `--leaf <the reply>`. */
  async function hostileSession(): Promise<string> {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p\x1b[31m', clock: steppingClock() });
    const userId = await session.appendMessage(user(HOSTILE_USER));
    replyId = await session.appendMessage(assistant(HOSTILE_REPLY));
    await session.appendLabel(userId, 'label\x1b[5m');
    await session.appendSessionInfo('name\u202e\x1b[8m');
    await session.sync();
    // An orphan whose id and parent id hold controls (JSON-escaped in the file): `check` and `tokens` print them.
    const orphan = { type: 'message', id: 'o\x1b[2J1', parentId: 'dead\u202ebeef', timestamp: '2026-01-01T00:01:00.000Z', message: user('orphan') };
    appendFileSync(session.file!, `${JSON.stringify(orphan)}\n`);
    return session.file!;
  }

  const text = (run: { stdout: string; stderr: string }): string => run.stdout + run.stderr;

  for (const argv of [['tree'], ['context'], ['check'], ['tokens'], ['export', '--format', 'md'], ['export', '--format', 'html']]) {
    it(`${argv.join(' ')}: prints no raw control character`, async () => {
      const file = await hostileSession();
      const run = await arbor(argv[0]!, file, ...argv.slice(1), ...(argv[0] === 'export' ? ['--leaf', replyId] : []));
      assert.equal(CONTROL.exec(text(run)), null, JSON.stringify(text(run)));
    });
  }

  it('export shows the escape sequences as symbols, so the text is still there to read', async () => {
    const file = await hostileSession();
    const md = (await arbor('export', file, '--format', 'md', '--leaf', replyId)).stdout;
    assert.ok(md.includes('clear␛[2J␛[Hthe screen, ␛]0;set the title␇, <U+202E>evil<U+202C> and <U+009B>31m C1'), md);
    assert.ok(md.includes('done␛[1A␛[2K␍rewritten ␡␈'), md);
  });

  it('export --format jsonl to stdout stays valid JSON with the exact text', async () => {
    const file = await hostileSession();
    const run = await arbor('export', file, '--format', 'jsonl', '--leaf', replyId);
    assert.equal(CONTROL.exec(run.stdout), null);
    const texts = run.stdout.trimEnd().split('\n').map((line) => JSON.stringify(JSON.parse(line)));
    assert.ok(texts.some((line) => line.includes(JSON.stringify(HOSTILE_USER).slice(1, -1))));
  });

  it('--json output stays exact: the document parses to the text as stored', async () => {
    const file = await hostileSession();
    const run = await arbor('export', file, '--format', 'md', '--leaf', replyId, '--json');
    assert.equal(CONTROL.exec(run.stdout), null);
    const { content } = JSON.parse(run.stdout) as { content: string };
    assert.ok(content.includes(HOSTILE_USER));
    assert.ok(content.includes(HOSTILE_REPLY));
  });

  it('an error that quotes a name from the session folder prints no raw control character', async () => {
    const run = await arbor('tree', `${tmp()}/\x1b[2Jmissing\u202e.jsonl`);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `arbor tree: ${tmp()}/␛[2Jmissing<U+202E>.jsonl: no such file\n`);
  });
});
