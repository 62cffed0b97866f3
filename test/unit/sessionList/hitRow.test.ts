import { strict as assert } from 'node:assert';
import type { SearchHit } from '../../../src/core/search';
import { hitRow } from '../../../src/core/sessionList/hitRow';

const NOW = new Date(2026, 10, 30, 12, 0, 0);

function hit(fields: Partial<SearchHit> = {}): SearchHit {
  return {
    file: '/s/a.jsonl',
    sessionId: 's',
    sessionName: undefined,
    entryId: 'e1',
    kind: 'message:assistant',
    field: 'text',
    snippet: '…the tangerine fell off…',
    matchStart: 4,
    matchEnd: 13,
    matchCount: 1,
    onCurrentBranch: true,
    ...fields,
  };
}

describe('search result rows', () => {
  it('shows the snippet, the session and its branch, what matched and the session\'s age', () => {
    assert.deepEqual(hitRow(hit(), { sessionTitle: 'Fruit talk', modified: new Date(2026, 10, 30, 9, 0), onBranch: false, now: NOW }), {
      label: '…the tangerine fell off…',
      description: 'Fruit talk · abandoned branch',
      detail: 'assistant message · 3 h ago',
    });
  });

  it('names other fields and entry kinds, and counts several matches', () => {
    const context = { sessionTitle: 'T', modified: NOW, onBranch: true, now: NOW };
    assert.deepEqual(hitRow(hit({ field: 'thinking', matchCount: 3 }), context), {
      label: '…the tangerine fell off…',
      description: 'T · current branch',
      detail: 'assistant thinking · 3 matches · just now',
    });
    assert.equal(hitRow(hit({ kind: 'branch_summary', field: 'summary' }), context).detail, 'branch summary · just now');
    assert.equal(hitRow(hit({ kind: 'compaction', field: 'summary' }), context).detail, 'compaction summary · just now');
    assert.equal(hitRow(hit({ kind: 'message:bashExecution', field: 'bash' }), context).detail, 'shell command · just now');
    assert.equal(hitRow(hit({ kind: 'message:toolResult', field: 'tool-result' }), context).detail, 'tool result · just now');
  });

  it('shows a Markdown snippet as words and a tool call\'s arguments without JSON punctuation', () => {
    const context = { sessionTitle: 'T', modified: NOW, onBranch: true, now: NOW };
    assert.equal(hitRow(hit({ snippet: '## Run **the** `npm ci` [step](https://x.test)' }), context).label, 'Run the npm ci step');
    assert.equal(hitRow(hit({ field: 'summary', kind: 'compaction', snippet: '- **Goal**: ship it' }), context).label, 'Goal: ship it');
    const call = hit({ field: 'tool-call', snippet: 'read {"path":"src/a.ts","limit":20,"note":"say \\"hi\\""}' });
    assert.equal(hitRow(call, context).label, 'read path: src/a.ts, limit: 20, note: say "hi"');
    // A tool result is shown as it was: it is not Markdown.
    assert.equal(hitRow(hit({ field: 'tool-result', kind: 'message:toolResult', snippet: '**not bold**' }), context).label, '**not bold**');
  });

  it('keeps "$(name)" in a snippet as text instead of an icon', () => {
    const row = hitRow(hit({ snippet: 'echo $(date)' }), { sessionTitle: 'T', modified: NOW, onBranch: true, now: NOW });
    assert.equal(row.label, 'echo $\u200b(date)');
  });

  it("keeps icons and links out of the session's title and an entry kind the file made up", () => {
    const row = hitRow(hit({ kind: '$(warning)_[x](command:arbor.clearApiKey)', field: 'custom' }), { sessionTitle: '$(check) [Click](command:arbor.clearApiKey)', modified: NOW, onBranch: true, now: NOW });
    assert.equal(row.description, '$\u200b(check) [Click]\u200b(command:arbor.clearApiKey) · current branch');
    assert.equal(row.detail, '$\u200b(warning) [x]\u200b(command:arbor.clearApiKey) · just now');
  });
});
