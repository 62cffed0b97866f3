/** The preview document of a manual compaction: what it replaces, then the summary; Accept takes what follows the separator. */
import { strict as assert } from 'node:assert';
import { DEFAULT_COMPACTION_SETTINGS, PREVIEW_SEPARATOR, previewDocument, proposeCompaction, summaryFromPreview, type CompactionProposal } from '../../../src/core/compaction';
import { setPinned } from '../../../src/core/pins';
import { assistant, memorySession, user } from '../../support/builders';
import { chars } from './support/path';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

async function proposal(): Promise<CompactionProposal> {
  const session = memorySession();
  const pinned = await session.appendMessage(user('remember: ship on Friday'));
  await session.appendMessage(assistant('noted'));
  await setPinned(session, pinned, true);
  await session.appendMessage(user(chars(4000)));
  await session.appendMessage(assistant('long answer'));
  await session.appendMessage(user('latest'));
  await session.appendMessage(assistant('latest answer'));
  const proposed = await proposeCompaction(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: '## Goal\nShip it' })), customInstructions: 'the dates' });
  if (proposed.kind !== 'proposed') throw new Error('expected a proposal');
  return proposed.proposal;
}

describe('the preview document of a manual compaction', () => {
  it('says what the compaction replaces above the separator, then holds the summary exactly', async () => {
    const p = await proposal();
    const { result } = p;
    const pinnedId = p.pinned[0]!.id;
    const text = previewDocument(p);
    assert.equal(
      text,
      [
        '> **Proposed compaction: nothing is written until you Accept.** Change the summary below as you like; Accept writes it as it stands here.',
        `> Replaces 2 entries (keeps the conversation from entry ${result.firstKeptEntryId} on)`,
        `> Tokens: ${result.tokensBefore.toLocaleString('en-US')} → about ${result.arbor.tokensAfter.toLocaleString('en-US')} (estimated)`,
        '> Read files: none',
        '> Modified files: none',
        `> Pinned messages carried word for word: 1 (user ${pinnedId})`,
        '> Instructions: the dates',
        PREVIEW_SEPARATOR,
        result.summary,
      ].join('\n'),
    );
    assert.equal(result.arbor.summarizedEntries, 2);
    assert.deepEqual(summaryFromPreview(text), { kind: 'summary', summary: result.summary });
  });

  it('gives back the summary after the first separator whatever happened to the header, a line changed as changed', () => {
    const text = `my own header line\n${PREVIEW_SEPARATOR}\n## Goal\nShip it on Monday\n${PREVIEW_SEPARATOR}\nkept`;
    assert.deepEqual(summaryFromPreview(text), { kind: 'summary', summary: `## Goal\nShip it on Monday\n${PREVIEW_SEPARATOR}\nkept` });
    assert.deepEqual(summaryFromPreview(`> header\r\n${PREVIEW_SEPARATOR}\r\nS\r\n`), { kind: 'summary', summary: 'S\r\n' });
  });

  it('refuses a text without the separator, and an empty summary', () => {
    assert.deepEqual(summaryFromPreview('## Goal\nShip it'), { kind: 'no-separator' });
    assert.deepEqual(summaryFromPreview(`> header\n${PREVIEW_SEPARATOR}\n  \n`), { kind: 'empty' });
  });

  it('keeps a file path on its header line: a newline or a hidden character in it cannot fake the separator', async () => {
    const p = await proposal();
    const hostile = `a.ts\n${PREVIEW_SEPARATOR}\ninjected`;
    const text = previewDocument({ ...p, result: { ...p.result, details: { readFiles: [hostile, 'b\u202Ec.ts'], modifiedFiles: [] } } });
    assert.equal(text.split('\n').filter((line) => line === PREVIEW_SEPARATOR).length, 1);
    assert.equal(text.split('\n')[3], `> Read files: a.ts ${PREVIEW_SEPARATOR} injected, b⟨U+202E⟩c.ts`);
    assert.deepEqual(summaryFromPreview(text), { kind: 'summary', summary: p.result.summary });
  });
});
