import { strict as assert } from 'node:assert';
import { symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { findRecordedWrite, workspaceFileText } from '../../../src/core/edits/recordedWrite';
import type { SessionEntry } from '../../../src/core/session';
import { assistant, chain, entry, msg, toolCall, toolResult } from '../../support/builders';
import { useWorkspace } from '../agent/tools/support';

describe('a write or edit as the session recorded it', () => {
  const workspace = useWorkspace();

  it('finds the recorded diff and the path the call named', () => {
    const call = toolCall('edit', { path: 'src/a.ts', edits: [] }, 'c1');
    const entries = chain(msg('a1', null, assistant([call])), msg('r1', null, toolResult(call, 'Replaced 1 block in src/a.ts.', { details: { diff: '-1 a\n+1 b' } })));
    assert.deepEqual(findRecordedWrite(entries, 'c1'), { toolName: 'edit', path: 'src/a.ts', diff: '-1 a\n+1 b' });
  });

  it('finds nothing for a failed call, another tool, or an unknown id', () => {
    const edit = toolCall('edit', { path: 'a' }, 'c1');
    const read = toolCall('read', { path: 'a' }, 'c2');
    const entries = chain(msg('a1', null, assistant([edit, read])), msg('r1', null, toolResult(edit, 'denied', { isError: true })), msg('r2', null, toolResult(read, 'text', { details: { diff: '+1 x' } })));
    assert.deepEqual(['c1', 'c2', 'c3'].map((id) => findRecordedWrite(entries, id)), [undefined, undefined, undefined]);
  });

  it('reads hostile shapes without trusting them: no path, odd details, odd blocks', () => {
    const call = toolCall('write', { path: 42 as never }, 'c1');
    const odd = entry('message', 'x', null, { message: { role: 'assistant', content: [null, { type: 'toolCall', id: 'c1', arguments: 'nope' }] } }) as SessionEntry;
    const entries = [odd, ...chain(msg('a1', null, assistant([call])), msg('r1', null, toolResult(call, 'Wrote', { details: 'not an object' })))];
    assert.deepEqual(findRecordedWrite(entries, 'c1'), { toolName: 'write', path: undefined, diff: undefined });
  });

  it('reads the file on disk only inside the workspace', async () => {
    const ws = workspace();
    ws.file('in.txt', 'inside\n');
    symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    assert.equal(await workspaceFileText(ws.root, 'in.txt'), 'inside\n');
    assert.equal(await workspaceFileText(ws.root, '../outside/secret.txt'), undefined);
    assert.equal(await workspaceFileText(ws.root, 'link.txt'), undefined);
    assert.equal(await workspaceFileText(ws.root, 'missing.txt'), undefined);
  });
});
