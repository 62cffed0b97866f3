import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ApprovalGate } from '../../../../src/core/agent/tools/approval';
import { createEditTool, planEdit } from '../../../../src/core/agent/tools/edit';
import { acceptedContent, applyPlan, userChangeNote } from '../../../../src/core/agent/tools/editPlan';
import type { ApprovalAnswer, ApprovalRequest } from '../../../../src/core/agent/tools/tool';
import { createWriteTool, planWrite } from '../../../../src/core/agent/tools/write';
import type { WrittenFile } from '../../../../src/core/agent/tools/approval';
import { textOf, useWorkspace } from './support';

describe('edit plans', () => {
  const workspace = useWorkspace();
  const context = (root: string) => ({ root, signal: new AbortController().signal });

  it('plans an edit without writing, keeping the file’s BOM and CRLF in the proposal', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', '\uFEFFone\r\ntwo\r\n');
    const plan = await planEdit({ path: 'a.txt', edits: [{ oldText: 'two', newText: 'zwei' }] }, context(ws.root));
    assert.deepEqual(plan, { toolName: 'edit', path: 'a.txt', real: file, current: '\uFEFFone\r\ntwo\r\n', proposed: '\uFEFFone\r\nzwei\r\n', blocks: 1 });
    assert.equal(readFileSync(file, 'utf8'), '\uFEFFone\r\ntwo\r\n');
  });

  it('plans a write of a new file with no current text, and creates nothing', async () => {
    const ws = workspace();
    const plan = await planWrite({ path: 'new/b.txt', content: 'hello\n' }, context(ws.root));
    assert.deepEqual(plan, { toolName: 'write', path: 'new/b.txt', real: path.join(ws.root, 'new/b.txt'), current: undefined, proposed: 'hello\n' });
    assert.equal(existsSync(path.join(ws.root, 'new')), false);
  });

  it('writes what was accepted and tells the model the user changed it, in a short diff', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\ntwo\n');
    const plan = await planEdit({ path: 'a.txt', edits: [{ oldText: 'two', newText: 'zwei' }] }, context(ws.root));
    const outcome = await applyPlan(plan, context(ws.root), 'one\ndeux\n');
    assert.equal(readFileSync(file, 'utf8'), 'one\ndeux\n');
    assert.equal(outcome.kind, 'written');
    assert.ok(outcome.kind === 'written');
    assert.equal(
      textOf(outcome.result),
      'Replaced 1 block in a.txt.\n\nThe user changed your proposed content before accepting it: what was written differs from what you proposed (- yours, + what was written):\n 1 one\n-2 zwei\n+2 deux',
    );
    assert.deepEqual(outcome.result.details, { diff: ' 1 one\n-2 two\n+2 deux', patch: '--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+deux\n', firstChangedLine: 2 });
  });

  it('refuses to write over a file that changed on disk since the plan read it', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\ntwo\n');
    const plan = await planEdit({ path: 'a.txt', edits: [{ oldText: 'two', newText: 'zwei' }] }, context(ws.root));
    writeFileSync(file, 'one\ntwo\nthree\n');
    assert.deepEqual(await applyPlan(plan, context(ws.root)), { kind: 'changed-on-disk' });
    assert.equal(readFileSync(file, 'utf8'), 'one\ntwo\nthree\n');
  });

  it('does not replace a file that appeared where a new one was planned', async () => {
    const ws = workspace();
    const plan = await planWrite({ path: 'b.txt', content: 'mine\n' }, context(ws.root));
    const file = ws.file('b.txt', 'theirs\n');
    assert.deepEqual(await applyPlan(plan, context(ws.root)), { kind: 'changed-on-disk' });
    assert.equal(readFileSync(file, 'utf8'), 'theirs\n');
  });

  it('writes the proposal itself when the editor gave back its text without the BOM or with other line endings, and keeps the BOM on the user’s change', async () => {
    const ws = workspace();
    ws.file('a.txt', '\uFEFFone\r\ntwo\r\n');
    const plan = await planEdit({ path: 'a.txt', edits: [{ oldText: 'two', newText: 'zwei' }] }, context(ws.root));
    assert.equal(acceptedContent(plan, 'one\nzwei\n'), '\uFEFFone\r\nzwei\r\n');
    assert.equal(acceptedContent(plan, 'one\r\ndrei\r\n'), '\uFEFFone\r\ndrei\r\n');
  });

  it('cuts the user’s changes told to the model to forty diff lines, saying how many more there are', () => {
    const proposed = Array.from({ length: 60 }, (_, i) => `p${i}`).join('\n');
    const written = Array.from({ length: 60 }, (_, i) => `w${i}`).join('\n');
    const note = userChangeNote(proposed, written).split('\n');
    assert.equal(note.length, 42);
    assert.equal(note[41], '(80 more diff lines not shown; read the file to see them)');
  });
});

describe('reviewed writes and edits', () => {
  const workspace = useWorkspace();

  /** An approval callback answering from a script, recording every request. */
  function scripted(...answers: (ApprovalAnswer | ((request: ApprovalRequest) => ApprovalAnswer))[]) {
    const asked: ApprovalRequest[] = [];
    return {
      asked,
      ask: async (request: ApprovalRequest) => {
        asked.push(request);
        const next = answers.shift();
        if (!next) throw new Error('asked more often than scripted');
        return typeof next === 'function' ? next(request) : next;
      },
    };
  }

  it('asks with the plan, so the diff is shown before anything is written', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\n');
    const approval = scripted(() => {
      assert.equal(readFileSync(file, 'utf8'), 'one\n');
      return { decision: 'allow-once' };
    });
    const [edit] = new ApprovalGate({ ask: approval.ask }).wrap([createEditTool()]);
    const result = await ws.run(edit!, { path: 'a.txt', edits: [{ oldText: 'one', newText: 'uno' }] }, { toolCallId: 'c1' });
    assert.equal(textOf(result), 'Replaced 1 block in a.txt.');
    assert.deepEqual(approval.asked[0]!.plan, { toolName: 'edit', path: 'a.txt', real: file, current: 'one\n', proposed: 'uno\n', blocks: 1 });
    assert.equal(readFileSync(file, 'utf8'), 'uno\n');
  });

  it('gives the model the reason the user denied an edit for', async () => {
    const ws = workspace();
    ws.file('a.txt', 'one\n');
    const [write] = new ApprovalGate({ ask: scripted({ decision: 'deny', reason: ' keep it in English ' }).ask }).wrap([createWriteTool()]);
    const result = await ws.run(write!, { path: 'a.txt', content: 'uno\n' });
    assert.deepEqual(result, { content: [{ type: 'text', text: 'The user denied this tool call. Their reason: keep it in English' }], isError: true, details: { denied: true } });
  });

  it('asks again with a fresh plan when the file changed on disk while the user looked', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\ntwo\n');
    const approval = scripted(
      () => {
        writeFileSync(file, 'zero\none\ntwo\n');
        return { decision: 'allow-once' };
      },
      { decision: 'allow-once' },
    );
    const [edit] = new ApprovalGate({ ask: approval.ask }).wrap([createEditTool()]);
    const result = await ws.run(edit!, { path: 'a.txt', edits: [{ oldText: 'two', newText: 'zwei' }] });
    assert.equal(textOf(result), 'Replaced 1 block in a.txt.');
    assert.equal(approval.asked.length, 2);
    assert.equal(approval.asked[0]!.changedOnDisk, undefined);
    assert.equal(approval.asked[1]!.changedOnDisk, true);
    assert.equal(approval.asked[1]!.plan?.current, 'zero\none\ntwo\n');
    assert.equal(readFileSync(file, 'utf8'), 'zero\none\nzwei\n');
  });

  it('writes at once, unasked, when the tool is allowed, with the diff of what was written', async () => {
    const ws = workspace();
    ws.file('a.txt', 'one\n');
    const [write] = new ApprovalGate({ ask: scripted().ask, allowed: ['write'] }).wrap([createWriteTool()]);
    const result = await ws.run(write!, { path: 'a.txt', content: 'uno\n' });
    assert.deepEqual(result, { content: [{ type: 'text', text: 'Wrote 4 bytes to a.txt' }], isError: false, details: { diff: '-1 one\n+1 uno', patch: '--- a.txt\n+++ a.txt\n@@ -1,1 +1,1 @@\n-one\n+uno\n', firstChangedLine: 1 } });
  });

  it('tells what an allowed write wrote, marked as written without review', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\n');
    const written: WrittenFile[] = [];
    const [write] = new ApprovalGate({ ask: scripted().ask, allowed: ['write'], onWritten: (one) => written.push(one) }).wrap([createWriteTool()]);
    await ws.run(write!, { path: 'a.txt', content: 'uno\n' }, { toolCallId: 'c1' });
    assert.deepEqual(written, [{ toolCallId: 'c1', toolName: 'write', path: 'a.txt', real: file, before: 'one\n', after: 'uno\n', autoApproved: true }]);
  });

  it('tells what a reviewed edit wrote: the user’s version, not marked as unreviewed', async () => {
    const ws = workspace();
    const file = ws.file('a.txt', 'one\n');
    const written: WrittenFile[] = [];
    const approval = scripted({ decision: 'allow-once', content: 'mine\n' });
    const [edit] = new ApprovalGate({ ask: approval.ask, onWritten: (one) => written.push(one) }).wrap([createEditTool()]);
    await ws.run(edit!, { path: 'a.txt', edits: [{ oldText: 'one', newText: 'uno' }] }, { toolCallId: 'c2' });
    assert.deepEqual(written, [{ toolCallId: 'c2', toolName: 'edit', path: 'a.txt', real: file, before: 'one\n', after: 'mine\n', autoApproved: false }]);
  });

  it('tells nothing of a denied edit or a failed allowed one', async () => {
    const ws = workspace();
    ws.file('a.txt', 'one\n');
    const written: WrittenFile[] = [];
    const [denied] = new ApprovalGate({ ask: scripted({ decision: 'deny' }).ask, onWritten: (one) => written.push(one) }).wrap([createEditTool()]);
    await ws.run(denied!, { path: 'a.txt', edits: [{ oldText: 'one', newText: 'uno' }] });
    const [allowed] = new ApprovalGate({ ask: scripted().ask, allowed: ['edit'], onWritten: (one) => written.push(one) }).wrap([createEditTool()]);
    const failed = await ws.run(allowed!, { path: 'a.txt', edits: [{ oldText: 'absent', newText: 'x' }] });
    assert.equal(failed.isError, true);
    assert.deepEqual(written, []);
  });
});
