import { strict as assert } from 'node:assert';
import { copyFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, listSessions } from '../../../src/core/session';
import { appendTurns, assistant, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';

describe('the session catalog', () => {
  const tmp = useTempDir();

  it('lists sessions newest first with id, name, first user message and message count', async () => {
    const older = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await older.appendMessage(user([{ type: 'text', text: 'first' }, { type: 'text', text: 'part' }]));
    await older.appendMessage(assistant('ok'));
    const newer = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await newer.appendSessionInfo('  Named  ');
    await appendTurns(newer, 2);
    utimesSync(older.file!, new Date('2026-01-01'), new Date('2026-01-01'));
    utimesSync(newer.file!, new Date('2026-02-01'), new Date('2026-02-01'));
    const fixture = path.join(tmp(), 'fixture.jsonl');
    copyFileSync(fixturePath('synthetic-branched.jsonl'), fixture);
    utimesSync(fixture, new Date('2025-01-01'), new Date('2025-01-01'));
    writeFileSync(path.join(tmp(), 'not-a-session.jsonl'), 'garbage\n');
    writeFileSync(path.join(tmp(), 'notes.txt'), 'x');

    const list = await listSessions(tmp());
    assert.deepEqual(
      list.map((s) => ({ id: s.id, name: s.name, first: s.firstMessage, count: s.messageCount, cwd: s.cwd })),
      [
        { id: newer.id, name: 'Named', first: 'q1', count: 4, cwd: '/p' },
        { id: older.id, name: undefined, first: 'first part', count: 2, cwd: '/p' },
        { id: '0194a000-0000-7000-8000-000000000001', name: 'Synthetic fixture', first: 'Refactor src/a.ts to use the helper from src/b.ts', count: 19, cwd: '/home/dev/demo' },
      ],
    );
    assert.equal(list[0]!.modified.toISOString(), '2026-02-01T00:00:00.000Z');
    assert.equal(list[2]!.size, statSync(fixturePath('synthetic-branched.jsonl')).size);
  });

  it('returns an empty list for a folder that does not exist', async () => {
    assert.deepEqual(await listSessions(path.join(tmp(), 'missing')), []);
  });

  it('says "(no messages)" for a session without user text', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await session.appendModelChange('anthropic', 'x');
    const [summary] = await listSessions(tmp());
    assert.deepEqual([summary!.firstMessage, summary!.messageCount], ['(no messages)', 0]);
  });
});
