import { strict as assert } from 'node:assert';
import { openSessionTitle, sessionPickRow, sessionRow, sessionTitle } from '../../../src/core/sessionList/row';
import { relativeAge } from '../../../src/core/util/localTime';
import { assistant, user } from '../../support/builders';
import { createSessionFile, summarizeSessionFile } from '../../../src/core/session';
import { useTempDir } from '../../support/tempDir';
import type { SessionSummary } from '../../../src/core/session';

const NOW = new Date(2026, 10, 30, 12, 0, 0);

function summary(fields: Partial<SessionSummary> = {}): SessionSummary {
  return {
    file: '/s/--p--/2026-11-30T10-00-00-000Z_abc.jsonl',
    id: 'abc',
    cwd: '/p',
    name: undefined,
    parentSession: undefined,
    created: new Date(2026, 10, 30, 10, 0, 0).toISOString(),
    modified: new Date(2026, 10, 30, 11, 58, 0),
    size: 2048,
    messageCount: 4,
    firstMessage: 'Fix the parser\nIt drops the last token',
    ...fields,
  };
}

describe('session rows', () => {
  const tmp = useTempDir();

  it('names a session by its name, else by its first message\'s first line', () => {
    assert.equal(sessionTitle({ name: 'Parser work', firstMessage: 'Fix the parser' }), 'Parser work');
    assert.equal(sessionTitle({ name: undefined, firstMessage: 'Fix the parser\nIt drops the last token' }), 'Fix the parser');
    assert.equal(sessionTitle({ name: undefined, firstMessage: '' }), '(no messages)');
  });

  it('titles an open session as the catalog titles its file', async () => {
    const session = await createSessionFile({ dir: tmp(), cwd: '/p' });
    await session.appendMessage(user([{ type: 'text', text: '  ' }]));
    await session.appendMessage(assistant('hello'));
    await session.appendMessage(user([{ type: 'text', text: 'Rename' }, { type: 'text', text: 'the parser\nplease' }]));
    const listed = (await summarizeSessionFile(session.file!))!;
    assert.equal(openSessionTitle(session.sessionName, session.entries), 'Rename the parser');
    assert.equal(openSessionTitle(session.sessionName, session.entries), sessionTitle(listed));
    await session.appendSessionInfo('Parser');
    assert.equal(openSessionTitle(session.sessionName, session.entries), 'Parser');
    assert.equal(openSessionTitle(undefined, []), '(no messages)');
  });

  it('describes a row by age and size, the open session marked first; the tooltip has the dates and the file\'s name, not the folder pi and Arbor keep it in', () => {
    assert.deepEqual(sessionRow(summary(), NOW), {
      label: 'Fix the parser',
      description: '2 min ago · 2.0KB',
      tooltip: 'Fix the parser\nIt drops the last token\n\n4 messages · 2.0KB\nmodified 2026-11-30 11:58 · started 2026-11-30 10:00\nfile 2026-11-30T10-00-00-000Z_abc.jsonl',
    });
    assert.equal(sessionRow(summary({ name: 'Parser work', messageCount: 1, size: 10 }), NOW, true).description, '● current · 2 min ago · 10B · Fix the parser');
    assert.equal(sessionRow(summary({ name: 'Parser work', messageCount: 1 }), NOW).tooltip.split('\n')[0], 'Parser work');
    assert.match(sessionRow(summary({ name: 'Parser work', messageCount: 1 }), NOW).tooltip, /\n1 message · /);
  });

  it('shows a named session\'s first message after its age and size, cut to 60 characters; nothing for a session without one', () => {
    const long = `${'y'.repeat(70)}\nsecond line`;
    assert.equal(sessionRow(summary({ name: 'Parser work', firstMessage: long }), NOW).description, `2 min ago · 2.0KB · ${'y'.repeat(59)}…`);
    assert.equal(sessionRow(summary({ name: 'Parser work', firstMessage: '' }), NOW).description, '2 min ago · 2.0KB');
  });

  it("reads in Open Session…'s quick pick by title, then the mark, age and size, then a named session's first message and the count", () => {
    assert.deepEqual(sessionPickRow(summary(), NOW), { label: 'Fix the parser', description: '2 min ago · 2.0KB', detail: '4 messages' });
    assert.deepEqual(sessionPickRow(summary({ name: 'Parser work', messageCount: 1 }), NOW, true), {
      label: 'Parser work',
      description: '● current · 2 min ago · 2.0KB',
      detail: 'Fix the parser · 1 message',
    });
  });

  it('keeps a session file\'s text from becoming icons in the quick pick and cuts a long first message', () => {
    const row = sessionPickRow(summary({ name: '$(alert) Urgent [x](command:arbor.clearApiKey)', firstMessage: `$(key) ${'z'.repeat(200)}` }), NOW);
    assert.equal(row.label, '$\u200b(alert) Urgent [x]\u200b(command:arbor.clearApiKey)');
    assert.equal(row.detail, `$\u200b(key) ${'z'.repeat(112)}… · 4 messages`);
  });

  it('leaves out a start date it cannot read', () => {
    assert.equal(sessionRow(summary({ created: 'yesterday-ish' }), NOW).tooltip.split('\n')[4], 'modified 2026-11-30 11:58');
  });

  it('cuts a long first message in the tooltip to 500 characters', () => {
    const tooltip = sessionRow(summary({ firstMessage: 'x'.repeat(2000) }), NOW).tooltip;
    assert.equal(tooltip.split('\n')[0], `${'x'.repeat(499)}…`);
  });

  it('says how long ago in minutes, hours and days, then gives the date', () => {
    const ago = (ms: number): string => relativeAge(new Date(NOW.getTime() - ms), NOW);
    assert.equal(ago(59_000), 'just now');
    assert.equal(ago(-5_000), 'just now');
    assert.equal(ago(60_000), '1 min ago');
    assert.equal(ago(59 * 60_000), '59 min ago');
    assert.equal(ago(3 * 3_600_000 + 59 * 60_000), '3 h ago');
    assert.equal(ago(24 * 3_600_000), '1 d ago');
    assert.equal(ago(6 * 24 * 3_600_000), '6 d ago');
    assert.equal(relativeAge(new Date(2026, 2, 5, 9, 30), NOW), '2026-03-05');
  });
});
