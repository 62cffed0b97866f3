import { strict as assert } from 'node:assert';
import { BASH_NOT_CONFINED, MCP_NOT_CONFINED } from '../../../src/core/chat';
import type { HostToWebviewMessage } from '../../../src/shared/protocol';
import { ChatApprovals, type EditReviewer } from '../../../src/vscode/chat/approvals';
import type { EditPlan } from '../../../src/core/agent/tools/editPlan';

function setup(): { approvals: ChatApprovals; posted: HostToWebviewMessage[]; reveals: number[] } {
  const posted: HostToWebviewMessage[] = [];
  const reveals: number[] = [];
  const approvals = new ChatApprovals(
    (message) => posted.push(message),
    () => reveals.push(reveals.length),
  );
  return { approvals, posted, reveals };
}

describe('chat approvals', () => {
  it('shows a card with the tool and its arguments, and resolves with the button the user pressed', async () => {
    const { approvals, posted, reveals } = setup();
    const decision = approvals.ask({ toolName: 'bash', args: { command: 'rm -rf build' }, toolCallId: 't1' });
    assert.deepEqual(posted, [
      {
        type: 'approval',
        requestId: 'approval-1',
        toolName: 'bash',
        summary: 'rm -rf build',
        view: { title: 'Allow bash to run this command?', note: BASH_NOT_CONFINED, fields: [{ label: 'Command', text: 'rm -rf build' }] },
        args: '{\n  "command": "rm -rf build"\n}',
      },
    ]);
    assert.equal(reveals.length, 1);
    approvals.answer('approval-1', 'allow-always');
    assert.equal(await decision, 'allow-always');
    assert.deepEqual(posted.at(-1), { type: 'approvalDone', requestId: 'approval-1' });
  });

  it('ignores an answer to a request that is not waiting (answered twice, or made up)', async () => {
    const { approvals, posted } = setup();
    const decision = approvals.ask({ toolName: 'write', args: { path: 'a' }, toolCallId: 't1' });
    approvals.answer('approval-1', 'deny');
    approvals.answer('approval-1', 'allow-once');
    approvals.answer('approval-9', 'allow-once');
    assert.equal(await decision, 'deny');
    assert.equal(posted.filter((message) => message.type === 'approvalDone').length, 1);
  });

  it("shows an MCP tool's server, tool and whole arguments, and answers \"Always allow server\" with the rule of the request's own server", async () => {
    const { approvals, posted } = setup();
    const origin = { kind: 'mcp' as const, server: 'dev-radius', tool: 'echo' };
    const decision = approvals.ask({ toolName: 'mcp__dev_radius__echo', args: { text: 'hi' }, toolCallId: 't1', origin });
    const message = posted[0];
    assert.ok(message?.type === 'approval');
    assert.deepEqual(message.origin, origin);
    assert.deepEqual(message.view, {
      title: 'Allow the MCP tool echo of server dev-radius?',
      note: MCP_NOT_CONFINED,
      fields: [
        { label: 'Server', text: 'dev-radius' },
        { label: 'Tool', text: 'echo' },
        { label: 'Arguments', text: '{\n  "text": "hi"\n}' },
      ],
    });
    approvals.answer('approval-1', 'allow-server');
    assert.deepEqual(await decision, { allowRule: 'mcp__dev_radius' });
  });

  it('takes "allow-server" for a tool that names no server as once', async () => {
    const { approvals } = setup();
    const decision = approvals.ask({ toolName: 'bash', args: { command: 'ls' }, toolCallId: 't1' });
    approvals.answer('approval-1', 'allow-server');
    assert.equal(await decision, 'allow-once');
  });

  it('shows waiting cards again after a reload and denies them all when the run ends', async () => {
    const { approvals, posted } = setup();
    const first = approvals.ask({ toolName: 'bash', args: { command: 'a' }, toolCallId: 't1' });
    const second = approvals.ask({ toolName: 'edit', args: { path: 'b' }, toolCallId: 't2' });
    posted.length = 0;
    approvals.repost();
    assert.deepEqual(posted.map((message) => message.type === 'approval' && message.requestId), ['approval-1', 'approval-2']);
    approvals.denyAll();
    assert.deepEqual(await Promise.all([first, second]), ['deny', 'deny']);
    posted.length = 0;
    approvals.repost();
    assert.deepEqual(posted, []);
  });

  it("marks a protected file's card so it offers no \"always\", and takes an \"always\" for it as once", async () => {
    const { approvals, posted } = setup();
    const decision = approvals.ask({ toolName: 'write', args: { path: '.vscode/settings.json' }, toolCallId: 't1', protectedPath: '.vscode/settings.json' });
    assert.deepEqual(posted[0], {
      type: 'approval',
      requestId: 'approval-1',
      toolName: 'write',
      summary: '.vscode/settings.json',
      view: {
        title: 'Allow write to create or replace this file?',
        note: 'This file configures the editor, git or the agent, so it is asked about every time and never allowed for the session.',
        fields: [{ label: 'Path', text: '.vscode/settings.json' }],
      },
      args: '{\n  "path": ".vscode/settings.json"\n}',
      protectedPath: '.vscode/settings.json',
    });
    approvals.answer('approval-1', 'allow-always');
    assert.equal(await decision, 'allow-once');
  });

  it('offers the proposed rule on the card, and "Always allow" hands that rule to the gate (the host keeps it)', async () => {
    const { approvals, posted } = setup();
    const suggestedRule = { rule: 'bash(npm test)', label: 'Always allow `npm test` with any arguments in this workspace' };
    const decision = approvals.ask({ toolName: 'bash', args: { command: 'npm test -- --grep x' }, toolCallId: 't1', suggestedRule });
    assert.deepEqual(posted[0]?.type === 'approval' && posted[0].suggestedRule, suggestedRule);
    approvals.answer('approval-1', 'allow-rule');
    assert.deepEqual(await decision, { allowRule: 'bash(npm test)' });
  });

  it('takes "Always allow" as once for a card that proposed no rule, or a protected file', async () => {
    const { approvals } = setup();
    const plain = approvals.ask({ toolName: 'write', args: { path: 'README.md' }, toolCallId: 't1' });
    const guarded = approvals.ask({ toolName: 'write', args: { path: 'src/.vscode/x.json' }, toolCallId: 't2', protectedPath: 'src/.vscode/x.json', suggestedRule: { rule: 'write(src/**)', label: 'x' } });
    approvals.answer('approval-1', 'allow-rule');
    approvals.answer('approval-2', 'allow-rule');
    assert.deepEqual(await Promise.all([plain, guarded]), ['allow-once', 'allow-once']);
  });
  it('never lets "Accept all" answer a protected file\'s edit, waiting or asked later, while "Reject all" refuses it', async () => {
    const { approvals, posted } = setup();
    const plan = (path: string): EditPlan => ({ toolName: 'write', path, real: `/ws/${path}`, current: undefined, proposed: 'x' });
    const edit = (path: string, id: string, protectedPath?: string) =>
      approvals.ask({ toolName: 'write', args: { path, content: 'x' }, toolCallId: id, plan: plan(path), ...(protectedPath ? { protectedPath } : {}) });
    const plain = edit('a.txt', 't1');
    const guarded = edit('.vscode/settings.json', 't2', '.vscode/settings.json');
    await approvals.review('approval-1', 'accept-all');
    assert.equal(await plain, 'allow-once');
    const later = edit('.git/config', 't3', '.git/config');
    assert.deepEqual(posted.filter((message) => message.type === 'approval').map((message) => message.type === 'approval' && message.requestId), ['approval-1', 'approval-2', 'approval-3'], 'the protected edits were not asked');
    assert.deepEqual(posted.filter((message) => message.type === 'approvalDone').map((message) => message.type === 'approvalDone' && message.requestId), ['approval-1']);
    await approvals.review('approval-2', 'reject-all');
    assert.deepEqual([await guarded, await later], ['deny', 'deny']);
  });

  describe("an edit's card and its diff", () => {
    const plan: EditPlan = { toolName: 'write', path: 'a.txt', real: '/ws/a.txt', current: 'old', proposed: 'new' };
    /** A reviewer whose diff is drawn when the test says so. */
    function reviewer(): { reviews: EditReviewer; drawn: () => void; closed: string[] } {
      let drawn: () => void = () => undefined;
      const closed: string[] = [];
      const reviews: EditReviewer = {
        show: () => new Promise<void>((resolve) => (drawn = resolve)),
        reveal: async () => undefined,
        text: () => undefined,
        activeRequest: () => undefined,
        close: async (requestId) => void closed.push(requestId),
        askReason: async () => undefined,
      };
      return { reviews, drawn: () => drawn(), closed };
    }
    const cards = (posted: HostToWebviewMessage[]): string[] => posted.flatMap((message) => (message.type === 'approval' ? [message.requestId] : []));
    const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

    it('posts the card once the diff is drawn, not before', async () => {
      const posted: HostToWebviewMessage[] = [];
      const { reviews, drawn } = reviewer();
      const approvals = new ChatApprovals((message) => posted.push(message), () => undefined, reviews, 60_000);
      const decision = approvals.ask({ toolName: 'write', args: { path: 'a.txt', content: 'new' }, toolCallId: 't1', plan });
      await settle();
      assert.deepEqual(cards(posted), []);
      drawn();
      await settle();
      assert.deepEqual(cards(posted), ['approval-1']);
      approvals.answer('approval-1', 'deny');
      assert.equal(await decision, 'deny');
    });

    it('posts the card when the diff takes longer than the wait', async () => {
      const posted: HostToWebviewMessage[] = [];
      const { reviews } = reviewer();
      const approvals = new ChatApprovals((message) => posted.push(message), () => undefined, reviews, 5);
      void approvals.ask({ toolName: 'write', args: { path: 'a.txt', content: 'new' }, toolCallId: 't1', plan });
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.deepEqual(cards(posted), ['approval-1']);
      approvals.denyAll();
    });

    it('never posts the card of a request answered while its diff was being drawn (the run stopped)', async () => {
      const posted: HostToWebviewMessage[] = [];
      const { reviews, drawn, closed } = reviewer();
      const approvals = new ChatApprovals((message) => posted.push(message), () => undefined, reviews, 60_000);
      const decision = approvals.ask({ toolName: 'write', args: { path: 'a.txt', content: 'new' }, toolCallId: 't1', plan });
      approvals.denyAll();
      drawn();
      await settle();
      assert.equal(await decision, 'deny');
      assert.deepEqual(cards(posted), []);
      assert.deepEqual(closed, ['approval-1']);
    });
  });
});
