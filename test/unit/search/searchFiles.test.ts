import { strict as assert } from 'node:assert';
import { appendFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { searchSessionFiles, type FileOutcome, type FileSearchResult, type SearchQueryInput } from '../../../src/core/search';
import { createSessionFile, serializeLine, type Session } from '../../../src/core/session';
import { assistant, bash, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';

async function collect(files: string[], query: SearchQueryInput, options: Parameters<typeof searchSessionFiles>[2] = {}): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  for await (const outcome of searchSessionFiles(files, query, options)) out.push(outcome);
  return out;
}

function hitsOf(outcomes: FileOutcome[]): FileSearchResult['hits'] {
  return outcomes.flatMap((outcome) => ('hits' in outcome ? outcome.hits : []));
}

async function newSession(dir: string, start: string): Promise<Session> {
  return createSessionFile({ dir, cwd: '/p', clock: steppingClock(start) });
}

describe('searching across session files', () => {
  const tmp = useTempDir();

  it('finds a word said only on an abandoned branch of an older session, and says it is off the current branch', async () => {
    const older = await newSession(tmp(), '2026-01-01T00:00:00.000Z');
    const q1 = await older.appendMessage(user('Quiero ordenar la lista'));
    const a1 = await older.appendMessage(assistant('Vale'));
    const abandoned = await older.appendMessage(user('Usa el algoritmo burbuja'));
    await older.appendMessage(assistant('Hecho con burbuja'));
    await older.branch(a1);
    await older.appendMessage(user('Mejor usa sort()'));
    await older.branch(q1); // the file now ends with a position marker under q1
    const newer = await newSession(tmp(), '2026-02-01T00:00:00.000Z');
    await newer.appendMessage(user('Otra cosa'));
    await Promise.all([older.sync(), newer.sync()]);

    const outcomes = await collect([newer.file!, older.file!], { text: 'BURBUJA' });
    assert.deepEqual(
      hitsOf(outcomes).map((hit) => [hit.file, hit.sessionId, hit.entryId, hit.kind, hit.snippet, hit.matchStart, hit.matchEnd, hit.onCurrentBranch]),
      [
        [older.file, older.id, abandoned, 'message:user', 'Usa el algoritmo burbuja', 17, 24, false],
        [older.file, older.id, older.entries[3]!.id, 'message:assistant', 'Hecho con burbuja', 10, 17, false],
      ],
    );
    const onBranch = hitsOf(await collect([older.file!], { text: 'ordenar' }));
    assert.deepEqual(onBranch.map((hit) => [hit.entryId, hit.onCurrentBranch]), [[q1, true]]);
  });

  it('looks in every kind of entry text: messages, thinking, tool calls and results, bash, summaries, labels, names', async () => {
    const session = await newSession(tmp(), '2026-01-01T00:00:00.000Z');
    const call = toolCall('read', { path: 'src/Needle.ts' });
    const ids = [
      await session.appendMessage(user('a needle here')),
      await session.appendMessage(assistant([{ type: 'thinking', thinking: 'think NEEDLE' }, { type: 'text', text: 'Needle text' }, call], { stopReason: 'toolUse' })),
      await session.appendMessage(toolResult(call, 'found nEEdle')),
      await session.appendMessage(bash('grep needle', 'none')),
      await session.appendCompaction({ summary: 'summary with needle', firstKeptEntryId: 'x', tokensBefore: 10 }),
      await session.branchWithSummary(null, { summary: 'branch needle' }),
      await session.appendCustomMessage({ customType: 'ext', content: 'custom needle', display: true }),
      await session.appendSessionInfo('Needle session'),
    ];
    await session.appendLabel(ids[0]!, 'needle label');
    await session.appendMessage(user('nothing to see'));
    await session.sync();

    const hits = hitsOf(await collect([session.file!], { text: 'needle' }));
    assert.deepEqual(
      hits.map((hit) => [hit.kind, hit.field, hit.snippet]),
      [
        ['message:user', 'text', 'a needle here'],
        ['message:assistant', 'thinking', 'think NEEDLE'],
        ['message:assistant', 'text', 'Needle text'],
        ['message:assistant', 'tool-call', 'read {"path":"src/Needle.ts"}'],
        ['message:toolResult', 'tool-result', 'found nEEdle'],
        ['message:bashExecution', 'bash', '$ grep needle'],
        ['compaction', 'summary', 'summary with needle'],
        ['branch_summary', 'summary', 'branch needle'],
        ['custom_message', 'custom', 'custom needle'],
        ['session_info', 'name', 'Needle session'],
        ['label', 'label', 'needle label'],
      ],
    );
    assert.ok(hits.every((hit) => hit.sessionName === 'Needle session'));
  });

  it('skips malformed lines and unreadable files and goes on', async () => {
    const session = await newSession(tmp(), '2026-01-01T00:00:00.000Z');
    await session.appendMessage(user('first needle'));
    await session.sync();
    appendFileSync(session.file!, '{"type":"message","id":"broken needle\n');
    appendFileSync(session.file!, serializeLine({ type: 'message', id: 'after001', parentId: session.leafId, timestamp: '2026-01-01T00:01:00.000Z', message: user('needle after') }));
    const missing = path.join(tmp(), 'gone.jsonl');

    const outcomes = await collect([missing, session.file!], { text: 'needle' }, { concurrency: 1 });
    assert.deepEqual(outcomes[0], { file: missing, unreadable: 'ENOENT' });
    const result = outcomes[1] as FileSearchResult;
    assert.deepEqual(result.hits.map((hit) => [hit.snippet, hit.onCurrentBranch]), [['first needle', true], ['needle after', true]]);
    assert.equal(result.malformedLines, 1);
  });

  it('stops at the limit and when aborted', async () => {
    const files: string[] = [];
    for (let i = 0; i < 6; i++) {
      const session = await newSession(tmp(), `2026-01-0${i + 1}T00:00:00.000Z`);
      await session.appendMessage(user('needle one'));
      await session.appendMessage(assistant('needle two'));
      await session.sync();
      files.push(session.file!);
    }
    assert.equal(hitsOf(await collect(files, { text: 'needle' }, { limit: 3 })).length, 3);
    assert.equal(hitsOf(await collect(files, { text: 'needle' })).length, 12);

    const controller = new AbortController();
    const seen: FileOutcome[] = [];
    await assert.rejects(
      (async () => {
        for await (const outcome of searchSessionFiles(files, { text: 'needle' }, { signal: controller.signal, concurrency: 2 })) {
          seen.push(outcome);
          controller.abort();
        }
      })(),
      (error: unknown) => (error as Error).name === 'AbortError',
    );
    assert.equal(seen.length, 1);
  });

  it('searches an old-format (v1) session as opening it would read it', async () => {
    const hits = hitsOf(await collect([fixturePath('legacy-v1.jsonl')], { text: 'FIRST QUESTION' }));
    assert.deepEqual(hits.map((hit) => [hit.sessionId, hit.kind, hit.snippet, hit.onCurrentBranch]), [['legacy-session-1', 'message:user', 'first question', true]]);
  });

  it('finds text written by a writer that escapes every non-ASCII character', async () => {
    const file = path.join(tmp(), 'ascii.jsonl');
    const asciiJson = (value: unknown): string => `${JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
    writeFileSync(file, asciiJson({ type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' }) + asciiJson({ type: 'message', id: 'e1', parentId: null, timestamp: '2026-01-01T00:00:01.000Z', message: user('¿Dónde está 北京? 🌳') }));
    for (const text of ['¿dónde', 'DÓNDE ESTÁ', '北京', '🌳', 'está 北']) {
      assert.deepEqual(hitsOf(await collect([file], { text })).map((hit) => hit.entryId), ['e1'], text);
    }
  });
});
