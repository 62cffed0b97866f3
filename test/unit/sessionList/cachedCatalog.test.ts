import { strict as assert } from 'node:assert';
import { appendFileSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, listSessions, summarizeSessionFile, type SessionSummary } from '../../../src/core/session';
import { CachedCatalog } from '../../../src/core/sessionList/cachedCatalog';
import { assistant, user } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';

describe('the cached session catalog', () => {
  const tmp = useTempDir();

  async function threeSessions(): Promise<string[]> {
    const files: string[] = [];
    for (const [i, when] of ['2026-01-01', '2026-03-01', '2026-02-01'].entries()) {
      const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
      await session.appendMessage(user(`question ${i}`));
      await session.appendMessage(assistant(`answer ${i}`));
      utimesSync(session.file!, new Date(when), new Date(when));
      files.push(session.file!);
    }
    writeFileSync(path.join(tmp(), 'not-a-session.jsonl'), 'garbage\n');
    return files;
  }

  it('lists what listSessions lists: the sessions newest first, without the file that is not one', async () => {
    const files = await threeSessions();
    const shown = (summaries: SessionSummary[]) => summaries.map((s) => [s.file, s.firstMessage, s.messageCount, s.name, s.cwd, s.modified.toISOString()]);
    const expected = [
      [files[1], 'question 1', 2, undefined, '/p', '2026-03-01T00:00:00.000Z'],
      [files[2], 'question 2', 2, undefined, '/p', '2026-02-01T00:00:00.000Z'],
      [files[0], 'question 0', 2, undefined, '/p', '2026-01-01T00:00:00.000Z'],
    ];
    assert.deepEqual(shown(await new CachedCatalog().list(tmp())), expected);
    assert.deepEqual(shown(await listSessions(tmp())), expected);
  });

  it('reads again only the files whose size or time changed, and forgets deleted ones', async () => {
    const files = await threeSessions();
    const read: string[] = [];
    const catalog = new CachedCatalog({
      summarize: (file) => {
        read.push(path.basename(file));
        return summarizeSessionFile(file);
      },
    });
    await catalog.list(tmp());
    assert.equal(read.length, 4);
    read.length = 0;
    await catalog.list(tmp());
    assert.deepEqual(read, []);

    appendFileSync(files[0]!, `${JSON.stringify({ type: 'session_info', id: 'n1', parentId: null, timestamp: '2026-04-01T00:00:00.000Z', name: 'Renamed' })}\n`);
    utimesSync(files[0]!, new Date('2026-04-01'), new Date('2026-04-01'));
    unlinkSync(files[1]!);
    const listed = await catalog.list(tmp());
    assert.deepEqual(read, [path.basename(files[0]!)]);
    assert.deepEqual(
      listed.map((s) => [s.file, s.name]),
      [
        [files[0], 'Renamed'],
        [files[2], undefined],
      ],
    );
  });
});
