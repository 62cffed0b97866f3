import { strict as assert } from 'node:assert';
import { isWebviewToHostMessage } from '../../../src/shared/protocol';

describe('chat protocol: the webview → host guard', () => {
  it('accepts every well-formed message', () => {
    const good: unknown[] = [
      { type: 'ready' },
      { type: 'prompt', text: '' },
      { type: 'prompt', text: 'hi' },
      { type: 'stop' },
      { type: 'retry' },
      { type: 'moveBack' },
      { type: 'dismissMoveNote' },
      { type: 'editAndBranch', entryId: 'a1b2c3d4' },
      { type: 'branchFrom', entryId: 'a1b2c3d4' },
      { type: 'loadEarlier', beforeId: 'a1b2c3d4' },
      { type: 'approvalResponse', requestId: '1', decision: 'allow-once' },
      { type: 'approvalResponse', requestId: '1', decision: 'allow-always' },
      { type: 'approvalResponse', requestId: '1', decision: 'deny' },
      { type: 'insertCode', code: 'let x = 1;' },
      { type: 'openLink', href: 'https://example.com' },
      { type: 'command', command: 'arbor.setApiKey' },
      { type: 'webviewError', message: 'boom' },
      { type: 'draftChanged', text: '', generation: 0 },
      { type: 'draftChanged', text: 'half a thought', generation: 3 },
      { type: 'restoreDraft', generation: 1 },
      { type: 'dropStash', generation: 2 },
      { type: 'openContextFile', path: '/home/ada/app/AGENTS.md' },
      { type: 'openMention', path: 'src/a.ts' },
      { type: 'openMention', path: 'src/a.ts', range: { first: 2, last: 3 } },
    ];
    assert.deepEqual(good.filter((message) => !isWebviewToHostMessage(message)), []);
  });

  it('refuses wrong shapes, missing or mistyped fields, unknown decisions and commands not on the list', () => {
    const bad: unknown[] = [
      null,
      undefined,
      'ready',
      [],
      [{ type: 'ready' }],
      {},
      { type: 'nope' },
      { type: 'prompt' },
      { type: 'prompt', text: 42 },
      { type: 'editAndBranch' },
      { type: 'editAndBranch', entryId: '' },
      { type: 'branchFrom', entryId: 7 },
      { type: 'loadEarlier' },
      { type: 'loadEarlier', beforeId: '' },
      { type: 'approvalResponse', requestId: '1' },
      { type: 'approvalResponse', requestId: '1', decision: 'allow' },
      { type: 'approvalResponse', decision: 'deny' },
      { type: 'insertCode', code: null },
      { type: 'openLink' },
      { type: 'command', command: 'workbench.action.terminal.sendSequence' },
      { type: 'command', command: 'arbor.clearApiKey' },
      { type: 'webviewError' },
      { type: 'draftChanged', text: 'x' },
      { type: 'draftChanged', generation: 1 },
      { type: 'draftChanged', text: 'x', generation: -1 },
      { type: 'draftChanged', text: 'x', generation: 1.5 },
      { type: 'draftChanged', text: 'x', generation: '1' },
      { type: 'restoreDraft' },
      { type: 'dropStash', generation: null },
      { type: 'openContextFile' },
      { type: 'openContextFile', path: '' },
      { type: 'openContextFile', path: ['/etc/passwd'] },
      { type: 'openMention', path: '' },
      { type: 'openMention', path: 'a.ts', range: { first: 0, last: 3 } },
      { type: 'openMention', path: 'a.ts', range: { first: 5, last: 3 } },
      { type: 'openMention', path: 'a.ts', range: { first: 1.5, last: 3 } },
      { type: 'openMention', path: 'a.ts', range: '1-3' },
    ];
    assert.deepEqual(bad.filter((message) => isWebviewToHostMessage(message)), []);
  });
});
