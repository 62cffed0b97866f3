import { strict as assert } from 'node:assert';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  createSessionFile,
  loadSessionFile,
  openSessionFile,
  projectSessionDir,
  sessionDirName,
  sessionFileName,
  SessionError,
  SessionFileError,
} from '../../../src/core/session';
import { appendTurns, assistant, steppingClock, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { recordFsyncs } from '../../support/fsyncRecorder';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

const lines = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');

describe('session files', () => {
  const tmp = useTempDir();

  it('names folders and files as pi does (A7, A8)', () => {
    assert.equal(sessionDirName('/Users/me/work/pi-mono'), '--Users-me-work-pi-mono--');
    assert.equal(sessionDirName('C:\\src\\app'), '--C--src-app--');
    assert.equal(projectSessionDir('/root/sessions', '/a/b'), '/root/sessions/--a-b--');
    assert.equal(sessionFileName('2026-11-29T18:34:03.291Z', 'S'), '2026-11-29T18-34-03-291Z_S.jsonl');
  });

  it('writes the header as soon as a session is created (ours; pi waits for a reply, A5/A9)', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/proj', clock: steppingClock('2026-11-29T18:34:03.291Z') });
    const file = session.file!;
    assert.match(path.basename(file), /^2026-11-29T18-34-03-291Z_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jsonl$/);
    const header = JSON.parse(lines(file)[0]!) as Record<string, unknown>;
    assert.deepEqual(Object.keys(header), ['type', 'version', 'id', 'timestamp', 'cwd']);
    assert.deepEqual(header, { type: 'session', version: 3, id: session.id, timestamp: '2026-11-29T18:34:03.291Z', cwd: '/proj' });
  });

  it('creates a new session at a missing explicit path, with the header on disk (A4)', async () => {
    const file = path.join(tmp(), 'nested', 'mine.jsonl');
    const { session, created } = await openSessionFile(file, { cwd: '/proj' });
    assert.equal(created, true);
    assert.equal(session.file, file);
    assert.equal(lines(file).length, 1);
    assert.equal(JSON.parse(lines(file)[0]!).id, session.id);
  });

  it('refuses a file whose first line is not a header and leaves it untouched (A3, ours)', async () => {
    const file = path.join(tmp(), 'bad.jsonl');
    const content = '{"type":"message","id":"1","parentId":null,"timestamp":"t","message":{"role":"user","content":"x"}}\n';
    writeFileSync(file, content);
    await assert.rejects(openSessionFile(file), (error: unknown) => error instanceof SessionFileError && error.reason === 'not-a-session');
    writeFileSync(path.join(tmp(), 'empty.jsonl'), '');
    await assert.rejects(openSessionFile(path.join(tmp(), 'empty.jsonl')), (error: unknown) => error instanceof SessionFileError && error.reason === 'not-a-session');
    assert.equal(readFileSync(file, 'utf8'), content);
  });

  it('says what is wrong with a directory or an unreadable path', async () => {
    await assert.rejects(loadSessionFile(tmp()), (error: unknown) => error instanceof SessionFileError && error.reason === 'is-directory');
    await assert.rejects(loadSessionFile(path.join(tmp(), 'none.jsonl')), (error: unknown) => error instanceof SessionFileError && error.reason === 'not-found');
  });

  it('appends exactly one line per entry and never changes earlier lines (A6)', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await appendTurns(session, 2);
    const before = lines(session.file!);
    await session.appendThinkingLevelChange('high');
    await session.appendCustomEntry('state');
    await session.appendLabel(session.entries[0]!.id, 'x');
    await session.sync();
    const after = lines(session.file!);
    assert.equal(after.length, before.length + 3);
    assert.deepEqual(after.slice(0, before.length), before);
    assert.deepEqual(after.slice(1).map((l) => JSON.parse(l).id), session.entries.map((e) => e.id));
  });

  it('resumes the synthetic fixture at its last line (A12)', async () => {
    const { session, report } = await openSessionFile(copyFixture(tmp(), 'synthetic-branched.jsonl'));
    assert.equal(session.leafId, 'l03');
    assert.equal(session.getBranch().length, 24);
    assert.deepEqual(report.malformed.map((m) => m.line), [16]);
    assert.deepEqual(report.problems.orphans, [{ id: 'o01', parentId: 'deadbeef' }]);
  });

  it('keeps the position across a reopen, and pi resumes with the same context (A13, ours)', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const [, a1] = await appendTurns(session, 3);
    await session.branch(a1!);
    const reopened = (await openSessionFile(session.file!)).session;
    assert.equal(reopened.leafId, a1);
    const next = await reopened.appendMessage(user('continue here'));
    assert.equal(reopened.getEntry(next)!.parentId, a1);
    await reopened.resetLeaf();
    assert.equal((await openSessionFile(session.file!)).session.leafId, null);

    const { SessionManager } = await loadPi();
    await reopened.branch(next);
    const pi = SessionManager.open(session.file!);
    const ours = (await openSessionFile(session.file!)).session;
    assert.equal(ours.leafId, next);
    assert.deepEqual(roleTexts(pi.buildSessionContext().messages), roleTexts(ours.buildContext().messages));
  });

  it('does not add a marker when moving to where a reopen would land anyway', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const ids = await appendTurns(session, 1);
    await session.branch(ids[1]!);
    assert.equal(lines(session.file!).length, 3);
  });

  it('writes exactly one header when a header-only file gets messages (A14, ours)', async () => {
    const created = await createSessionFile({ dir: tmp(), cwd: '/p' });
    const { session } = await openSessionFile(created.file!);
    await session.appendMessage(user('u'));
    await session.appendMessage(assistant('a'));
    const types = lines(created.file!).map((l) => JSON.parse(l).type);
    assert.deepEqual(types, ['session', 'message', 'message']);
  });

  it('migrates a v1 file in memory and leaves the file alone until the first write (B16)', async () => {
    const file = copyFixture(tmp(), 'legacy-v1.jsonl');
    const original = readFileSync(file);
    const { session, report } = await openSessionFile(file);
    assert.equal(report.migratedFrom, 1);
    assert.equal(session.header.version, 3);
    for (const [index, e] of session.entries.entries()) {
      assert.match(e.id, /^[0-9a-f]{8}$/);
      assert.equal(e.parentId, index === 0 ? null : session.entries[index - 1]!.id);
    }
    const compaction = session.entries.find((e) => e.type === 'compaction')!;
    assert.equal(compaction.firstKeptEntryId, session.entries[2]!.id);
    assert.equal('firstKeptEntryIndex' in compaction, false);
    const context = session.buildContext();
    assert.deepEqual(context.messages.map((m) => m.role), ['compactionSummary', 'user', 'assistant', 'custom', 'user', 'assistant']);
    assert.equal(context.thinkingLevel, 'high');
    assert.deepEqual(readFileSync(file), original);
  });

  it('keeps the v1 original as .v1.bak and rewrites the file in v3 at the first write (B18, ours)', async () => {
    const file = copyFixture(tmp(), 'legacy-v1.jsonl');
    const original = readFileSync(file);
    const { session } = await openSessionFile(file);
    await session.appendMessage(user('after migration'));
    assert.deepEqual(readFileSync(`${file}.v1.bak`), original);
    const written = lines(file).map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(written.filter((o) => o.type === 'session').length, 1);
    assert.equal(written[0]!.version, 3);
    assert.deepEqual(Object.keys(written[1]!).slice(-2), ['id', 'parentId']);
    const reloaded = await loadSessionFile(file);
    assert.equal(reloaded.report.migratedFrom, undefined);
    assert.deepEqual(reloaded.tree.entries.map((e) => e.id), session.entries.map((e) => e.id));
    const { SessionManager } = await loadPi();
    assert.deepEqual(roleTexts(SessionManager.open(file).buildSessionContext().messages), roleTexts(session.buildContext().messages));
  });

  it('leaves v2 ids alone and still renames hookMessage (B17)', async () => {
    const file = path.join(tmp(), 'v2.jsonl');
    writeFileSync(
      file,
      [
        '{"type":"session","version":2,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}',
        '{"type":"message","id":"abc12345","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}',
        '{"type":"message","id":"def67890","parentId":"abc12345","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"hookMessage","customType":"h","content":"x","display":true,"timestamp":2}}',
        '',
      ].join('\n'),
    );
    const loaded = await loadSessionFile(file);
    assert.equal(loaded.report.migratedFrom, 2);
    assert.deepEqual(loaded.tree.entries.map((e) => [e.id, e.parentId]), [['abc12345', null], ['def67890', 'abc12345']]);
    assert.equal((loaded.tree.entries[1]!.message as { role: string }).role, 'custom');
  });

  it('keeps malformed lines in the file when appending', async () => {
    const file = copyFixture(tmp(), 'synthetic-branched.jsonl');
    const { session } = await openSessionFile(file);
    await session.appendMessage(user('more'));
    assert.ok(readFileSync(file, 'utf8').includes('\n{ this is not json\n'));
  });

  it('stops writing after a failed write and says why', async () => {
    const dir = path.join(tmp(), 'gone');
    const session = await createSessionFile({ dir, cwd: '/p' });
    rmSync(dir, { recursive: true });
    await assert.rejects(session.appendMessage(user('lost')), (error: unknown) => error instanceof SessionError && error.reason === 'write-failed');
    await assert.rejects(session.appendMessage(user('next')), (error: unknown) => error instanceof SessionError && error.reason === 'write-failed');
    await assert.rejects(session.sync(), (error: unknown) => error instanceof SessionError);
  });

  it('flushes pending appends and fsyncs on sync', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    void session.appendMessage(user('a'));
    void session.appendMessage(assistant('b'));
    const synced = await recordFsyncs(() => session.sync());
    assert.equal(lines(session.file!).length, 3);
    // One fsync, of the session file itself, after both pending lines were written.
    const file = statSync(session.file!);
    assert.deepEqual(synced, [{ ino: file.ino, size: file.size }]);
  });

  it('creates no file at all for in-memory sessions (A15)', async () => {
    const { inMemorySession, forkSession } = await import('../../../src/core/session');
    const session = inMemorySession('/p');
    const [u1] = await appendTurns(session, 2);
    assert.equal(session.file, undefined);
    const fork = await forkSession(session, u1!, { position: 'at' });
    assert.equal(fork.session.file, undefined);
    assert.deepEqual(readdirSync(tmp()), []);
  });
});

function copyFixture(dir: string, name: string): string {
  const file = path.join(dir, name);
  copyFileSync(fixturePath(name), file);
  assert.ok(existsSync(file));
  return file;
}

export function roleTexts(messages: readonly { role: string; content?: unknown; summary?: unknown }[]): string[] {
  return messages.map((m) => `${m.role}:${typeof m.summary === 'string' ? m.summary : JSON.stringify(m.content ?? '')}`);
}

describe('opening without creating', () => {
  const tmp = useTempDir();

  it('refuses a missing file when asked not to create one, and creates nothing', async () => {
    const file = path.join(tmp(), 'absent.jsonl');
    await assert.rejects(openSessionFile(file, { createIfMissing: false }), (error: unknown) => error instanceof SessionFileError && error.reason === 'not-found');
    assert.equal(existsSync(file), false);
  });
});

describe('session folder settings', () => {
  it('expands ~ to the home folder and leaves other paths alone', async () => {
    const { expandHome } = await import('../../../src/core/session');
    assert.equal(expandHome('~', '/home/me'), '/home/me');
    assert.equal(expandHome('~/.pi/agent/sessions', '/home/me'), '/home/me/.pi/agent/sessions');
    assert.equal(expandHome('/srv/sessions', '/home/me'), '/srv/sessions');
    assert.equal(expandHome('~other/x', '/home/me'), '~other/x');
  });
});
