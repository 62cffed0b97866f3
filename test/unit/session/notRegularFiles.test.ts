/**
 * A stranger's session folder where some `.jsonl` names are not regular files: a FIFO (`a`), a
 * link to /dev/zero (`b`), a link to a FIFO elsewhere (`c`), beside a link to a real session
 * elsewhere (`d`) and a real session (`e`). A plain open waits for ever on a FIFO and reads
 * /dev/zero without end; every reader must answer at once instead. The mocha timeout is what
 * catches a reader that waits.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { searchSessionFiles, type FileOutcome } from '../../../src/core/search';
import {
  createSessionFile,
  listSessions,
  loadSessionFile,
  notAFileWords,
  openSessionFile,
  sessionFilesIn,
  SessionFileError,
  summarizeSessionFile,
} from '../../../src/core/session';
import { CachedCatalog } from '../../../src/core/sessionList/cachedCatalog';
import { sessionFilesNewestFirst, skippedFilesText, type SkippedSessionFile } from '../../../src/core/session/disk/sessionFiles';
import { assistant, user } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { arbor } from '../cli/runArbor';

interface StrangerFolder {
  folder: string;
  /** a: a FIFO; b: a link to /dev/zero; c: a link to a FIFO elsewhere; d: a link to a session elsewhere; e: a session. */
  at: (name: 'a' | 'b' | 'c' | 'd' | 'e') => string;
  linkedId: string;
  realId: string;
}

/** The reason and the words a refusal carries, or 'opened'. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SessionFileError) return `${error.reason}: ${error.reason === 'not-a-file' ? notAFileWords(error) : error.message}`;
    throw error;
  }
  return 'opened';
}

describe('session files that are not regular files: a FIFO, a device, links to them', function () {
  // Generous, but a reader that waits on a FIFO never ends: this is what fails it.
  this.timeout(20000);
  const fifos: string[] = [];
  // Registered before the temp folder's hook, so it runs first: a reader the code under test left
  // waiting on a FIFO (a failing run) gets a writer and an end of file, and the run can finish.
  afterEach(() => {
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // ENXIO: nobody is waiting on it.
      }
    }
  });
  const tmp = useTempDir();

  function mkfifo(file: string): void {
    execFileSync('mkfifo', [file]);
    fifos.push(file);
  }

  async function session(dir: string, question: string): Promise<{ file: string; id: string }> {
    const created = await createSessionFile({ dir, cwd: '/p' });
    await created.appendMessage(user(question));
    await created.appendMessage(assistant('Noted.'));
    return { file: created.file!, id: created.id };
  }

  async function strangerFolder(): Promise<StrangerFolder> {
    const folder = path.join(tmp(), 'sessions');
    const elsewhere = path.join(tmp(), 'elsewhere');
    mkdirSync(folder);
    mkdirSync(elsewhere);
    const at = (name: string): string => path.join(folder, `${name}.jsonl`);
    mkfifo(at('a'));
    symlinkSync('/dev/zero', at('b'));
    mkfifo(path.join(elsewhere, 'pipe'));
    symlinkSync(path.join(elsewhere, 'pipe'), at('c'));
    const linked = await session(elsewhere, 'Where is the lighthouse?');
    symlinkSync(linked.file, at('d'));
    const real = await session(folder, 'Where do pelicans nest?');
    renameSync(real.file, at('e'));
    return { folder, at, linkedId: linked.id, realId: real.id };
  }

  it('lists the real session and the link to one, leaves out the FIFO, the device and the link to a FIFO, and says so once', async () => {
    const { folder, at, linkedId, realId } = await strangerFolder();
    assert.deepEqual((await listSessions(folder)).map((s) => [path.basename(s.file), s.id]).sort(), [
      ['d.jsonl', linkedId],
      ['e.jsonl', realId],
    ]);
    assert.deepEqual(
      (await sessionFilesNewestFirst(folder)).map((f) => path.basename(f.file)).sort(),
      ['d.jsonl', 'e.jsonl'],
    );
    const told: SkippedSessionFile[][] = [];
    const catalog = new CachedCatalog({ onSkipped: (skipped) => told.push(skipped) });
    assert.deepEqual((await catalog.list(folder)).map((s) => path.basename(s.file)).sort(), ['d.jsonl', 'e.jsonl']);
    await catalog.list(folder);
    assert.deepEqual(told, [
      [
        { file: at('a'), kind: 'pipe' },
        { file: at('b'), kind: 'device' },
        { file: at('c'), kind: 'pipe' },
      ],
    ]);
    assert.equal(
      skippedFilesText(told[0]!),
      `Left out 3 name(s) in ${folder} that are not regular files, without opening them: a.jsonl (a named pipe (FIFO)), b.jsonl (a device), c.jsonl (a named pipe (FIFO))`,
    );
  });

  it('summarizes none of the FIFO, the device and the link to a FIFO when asked for them by name', async () => {
    const { at } = await strangerFolder();
    assert.deepEqual(await Promise.all(['a', 'b', 'c'].map((name) => summarizeSessionFile(at(name as 'a')))), [undefined, undefined, undefined]);
  });

  it('refuses to open a FIFO named like a session at once, saying it is a named pipe', async () => {
    const { at } = await strangerFolder();
    assert.equal(await refusal(loadSessionFile(at('a'))), 'not-a-file: a named pipe (FIFO)');
    assert.equal(await refusal(openSessionFile(at('a'), { createIfMissing: false })), 'not-a-file: a named pipe (FIFO)');
  });

  it('refuses to open a link to /dev/zero at once, saying it is a device, without reading it', async () => {
    const { at } = await strangerFolder();
    assert.equal(await refusal(loadSessionFile(at('b'))), 'not-a-file: a device');
    assert.equal(await refusal(openSessionFile(at('b'), { createIfMissing: false })), 'not-a-file: a device');
  });

  it('refuses to open a link to a FIFO elsewhere at once, saying it is a named pipe', async () => {
    const { at } = await strangerFolder();
    assert.equal(await refusal(loadSessionFile(at('c'))), 'not-a-file: a named pipe (FIFO)');
    assert.equal(await refusal(openSessionFile(at('c'))), 'not-a-file: a named pipe (FIFO)');
  });

  it('opens a link to a session kept elsewhere, which the user chose, and appends to that session', async () => {
    const { at, linkedId } = await strangerFolder();
    const { session } = await openSessionFile(at('d'), { createIfMissing: false });
    assert.equal(session.id, linkedId);
    const id = await session.appendMessage(user('And the harbour?'));
    await session.sync();
    assert.equal(lstatSync(at('d')).isSymbolicLink(), true);
    assert.equal((await loadSessionFile(at('d'))).tree.has(id), true);
  });

  it('searches the folder: finds the text in the real session and reports the others as not regular files', async () => {
    const { folder } = await strangerFolder();
    const outcomes: FileOutcome[] = [];
    for await (const outcome of searchSessionFiles(await sessionFilesIn(folder), { text: 'pelicans' })) outcomes.push(outcome);
    const byFile = outcomes.map((outcome) => ('hits' in outcome ? [path.basename(outcome.file), outcome.hits.length] : [path.basename(outcome.file), outcome.unreadable]));
    assert.deepEqual(byFile.sort(), [
      ['a.jsonl', 'not-a-file'],
      ['b.jsonl', 'not-a-file'],
      ['c.jsonl', 'not-a-file'],
      ['e.jsonl', 1],
    ]);
  });

  it('every CLI command given the FIFO, the device or the link to a FIFO exits 2 with one line saying what it is', async () => {
    const { at } = await strangerFolder();
    const key = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = 'sk-ant-never-sent';
    const lines: string[] = [];
    try {
      const commands: string[][] = [
        ['tree'],
        ['context'],
        ['tokens'],
        ['cut-point', '--keep-recent', '10'],
        ['branch-entries', '--from', 'x', '--to', 'y'],
        ['check'],
        ['repair'],
        ['export', '--format', 'md', '-o', path.join(tmp(), 'out.md')],
        ['compact', '--base-url', 'http://127.0.0.1:9'],
        ['run', 'hello', '--base-url', 'http://127.0.0.1:9'],
      ];
      for (const [command, ...rest] of commands) {
        for (const name of ['a', 'b', 'c'] as const) {
          const run = await arbor(command!, at(name), ...rest);
          lines.push(`${command} ${name}.jsonl: ${run.code} ${run.stdout}${run.stderr.replace(at(name), `${name}.jsonl`)}`);
        }
      }
    } finally {
      if (key === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = key;
    }
    const expected = (command: string, name: string, what: string): string => `${command} ${name}.jsonl: 2 arbor ${command}: ${name}.jsonl: is ${what}, not a regular file; nothing was read\n`;
    const commands = ['tree', 'context', 'tokens', 'cut-point', 'branch-entries', 'check', 'repair', 'export', 'compact', 'run'];
    assert.deepEqual(
      lines,
      commands.flatMap((command) => [
        expected(command, 'a', 'a named pipe (FIFO)'),
        expected(command, 'b', 'a device'),
        expected(command, 'c', 'a named pipe (FIFO)'),
      ]),
    );
    assert.equal(existsSync(path.join(tmp(), 'out.md')), false, 'export wrote nothing');
  });

  it('a session whose file was replaced by a FIFO: reading what others appended and appending fail at once, and nothing is written to the FIFO', async () => {
    const { at } = await strangerFolder();
    const { session } = await openSessionFile(at('e'), { createIfMissing: false });
    rmSync(at('e'));
    mkfifo(at('e'));
    assert.equal(await refusal(session.refresh()), 'not-a-file: a named pipe (FIFO)');
    await assert.rejects(session.appendMessage(user('still there?')), (error: Error) => {
      const cause = (error as { cause?: unknown }).cause;
      return cause instanceof SessionFileError && cause.reason === 'not-a-file';
    });
    assert.equal(lstatSync(at('e')).isFIFO(), true);
  });

  it('leaves out a link to a huge file without newlines after reading its start, not all of it', async () => {
    const { folder } = await strangerFolder();
    const huge = path.join(tmp(), 'elsewhere', 'huge');
    writeFileSync(huge, '');
    truncateSync(huge, 8 * 2 ** 30); // sparse: 8 GB of zero bytes, no newline, nothing written
    symlinkSync(huge, path.join(folder, 'f.jsonl'));
    assert.equal(await summarizeSessionFile(path.join(folder, 'f.jsonl')), undefined);
    assert.deepEqual((await listSessions(folder)).map((s) => path.basename(s.file)).sort(), ['d.jsonl', 'e.jsonl']);
  });
  it('refuses a link to a missing file as not found instead of creating a session through it, and leaves the link as it was', async () => {
    const folder = tmp();
    const link = path.join(folder, 'dangling.jsonl');
    symlinkSync(path.join(folder, 'nowhere', 'gone.jsonl'), link);
    assert.equal(await refusal(openSessionFile(link)), `not-found: ${link} is a symbolic link to a file that does not exist`);
    assert.equal(lstatSync(link).isSymbolicLink(), true);
    assert.equal(existsSync(path.join(folder, 'nowhere')), false);
  });
});
