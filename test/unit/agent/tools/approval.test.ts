import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { Json } from '../../../../src/core/session';
import { ApprovalGate, DENIED_TEXT } from '../../../../src/core/agent/tools/approval';
import { createTools, offeredTools, toolSpecs, TOOL_NAMES, UnknownToolError } from '../../../../src/core/agent/tools/registry';
import type { ApprovalDecision, ApprovalRequest, Tool } from '../../../../src/core/agent/tools/tool';
import { computeFileLists, createFileOps, extractFileOpsFromMessage } from '../../../../src/core/compaction';
import { assistant, toolCall } from '../../../support/builders';
import { loadPi } from '../../../support/pi';
import { textOf, useWorkspace } from './support';

/** An approval callback that answers from a script and records who asked. */
function scriptedApproval(...answers: ApprovalDecision[]) {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    ask: async (request: ApprovalRequest): Promise<ApprovalDecision> => {
      asked.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('asked more often than scripted');
      return answer;
    },
  };
}

const named = (tools: Tool[], name: string) => tools.find((tool) => tool.spec.name === name)!;

describe('tool registry', () => {
  it('offers the tools in pi’s order then recall, or only the ones named', () => {
    assert.deepEqual(toolSpecs(createTools()).map((spec) => spec.name), ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', 'recall']);
    assert.deepEqual(createTools({ only: ['ls', 'read'] }).map((tool) => tool.spec.name), ['read', 'ls']);
    assert.deepEqual([...TOOL_NAMES], ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', 'recall']);
  });

  it('offers recall by default only while the branch holds a compaction, and always when named', () => {
    const all = createTools();
    assert.deepEqual(offeredTools(all, false).map((tool) => tool.spec.name), ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls']);
    assert.deepEqual(offeredTools(all, true).map((tool) => tool.spec.name), ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', 'recall']);
    assert.deepEqual(offeredTools(createTools({ only: ['recall'] }), false).map((tool) => tool.spec.name), ['recall']);
    assert.equal(named(all, 'recall').needsApproval, false);
  });

  it('lets compaction’s file tracking see read, write and edit calls made with these arguments', () => {
    const message = assistant([
      toolCall('read', { path: 'src/a.ts', offset: 1 }),
      toolCall('write', { path: 'src/b.ts', content: 'x' }),
      toolCall('edit', { path: 'src/c.ts', edits: [{ oldText: 'a', newText: 'b' }] }),
      toolCall('grep', { pattern: 'x', path: 'src' }),
    ]);
    const ours = createFileOps();
    extractFileOpsFromMessage(message, ours);
    assert.deepEqual(computeFileLists(ours), { readFiles: ['src/a.ts'], modifiedFiles: ['src/b.ts', 'src/c.ts'] });
  });

  it('refuses unknown tool names with a typed error', () => {
    assert.throws(() => createTools({ only: ['read', 'rm'] }), (error: unknown) => error instanceof UnknownToolError && error.reason === 'unknown-tool' && error.message === 'Unknown tool: rm. Known tools: read, bash, edit, write, grep, find, ls, recall.');
  });

  it('names the arguments, and the required ones, as pi’s own tools do', async function () {
    this.timeout(120_000); // the reference build takes a while to import
    const pi = await loadPi();
    const piTools = {
      read: pi.createReadToolDefinition('/'),
      bash: pi.createBashToolDefinition('/'),
      edit: pi.createEditToolDefinition('/'),
      write: pi.createWriteToolDefinition('/'),
      grep: pi.createGrepToolDefinition('/'),
      find: pi.createFindToolDefinition('/'),
      ls: pi.createLsToolDefinition('/'),
    };
    const shape = (schema: { properties?: object; required?: string[] }) => ({ names: Object.keys(schema.properties ?? {}), required: [...(schema.required ?? [])].sort() });
    // recall is Arbor's own: pi has no such tool.
    const ours = Object.fromEntries(createTools().filter((tool) => tool.spec.name !== 'recall').map((tool) => [tool.spec.name, shape(tool.spec.inputSchema as { properties?: object; required?: string[] })]));
    const theirs = Object.fromEntries(Object.entries(piTools).map(([name, definition]) => [name, shape(definition.parameters as { properties?: object; required?: string[] })]));
    assert.deepEqual(ours, theirs);
    assert.deepEqual(ours['edit'], { names: ['path', 'edits'], required: ['edits', 'path'] });
  });
});

describe('approval gate', () => {
  const workspace = useWorkspace();

  it('asks before bash, write and edit, never before read, ls, find and grep', async () => {
    const ws = workspace();
    ws.file('a.txt', 'alpha\n');
    const approval = scriptedApproval('allow-once', 'allow-once', 'allow-once');
    const tools = new ApprovalGate({ ask: approval.ask }).wrap(createTools({ bash: { outputDirectory: ws.outside } }));
    const calls: [string, { [key: string]: Json }][] = [
      ['read', { path: 'a.txt' }],
      ['ls', {}],
      ['find', { pattern: '*' }],
      ['grep', { pattern: 'alpha' }],
      ['bash', { command: 'true' }],
      ['write', { path: 'b.txt', content: 'b' }],
      ['edit', { path: 'a.txt', edits: [{ oldText: 'alpha', newText: 'beta' }] }],
    ];
    for (const [name, args] of calls) assert.equal((await ws.run(named(tools, name), args, { toolCallId: `id-${name}` })).isError, false, name);
    // A write or edit is asked with its plan (what it would write); the plan's own tests are in editPlan.test.ts.
    assert.deepEqual(approval.asked.map((request) => request.plan?.proposed), [undefined, 'b', 'beta\n']);
    assert.deepEqual(approval.asked.map(({ plan: _plan, ...request }) => request), [
      { toolName: 'bash', args: { command: 'true' }, toolCallId: 'id-bash', suggestedRule: { rule: 'bash(= true)', label: 'Always allow exactly `true` in this workspace' } },
      { toolName: 'write', args: { path: 'b.txt', content: 'b' }, toolCallId: 'id-write' },
      { toolName: 'edit', args: { path: 'a.txt', edits: [{ oldText: 'alpha', newText: 'beta' }] }, toolCallId: 'id-edit' },
    ]);
  });

  it('does not run a denied call and tells the model the user denied it', async () => {
    const ws = workspace();
    const approval = scriptedApproval('deny');
    const write = named(new ApprovalGate({ ask: approval.ask }).wrap(createTools()), 'write');
    assert.deepEqual(await ws.run(write, { path: 'b.txt', content: 'b' }), {
      content: [{ type: 'text', text: DENIED_TEXT }],
      details: { denied: true },
      isError: true,
    });
    assert.equal(DENIED_TEXT, 'The user denied this tool call.');
    assert.equal(existsSync(path.join(ws.root, 'b.txt')), false);
  });

  it('remembers allow-always for that tool only, and never asks for tools allowed from the start', async () => {
    const ws = workspace();
    const approval = scriptedApproval('allow-always', 'allow-once');
    const gate = new ApprovalGate({ ask: approval.ask, allowed: ['edit'] });
    const tools = gate.wrap(createTools());
    ws.file('a.txt', 'one\n');
    await ws.run(named(tools, 'write'), { path: 'b.txt', content: '1' });
    await ws.run(named(tools, 'write'), { path: 'b.txt', content: '2' });
    await ws.run(named(tools, 'edit'), { path: 'a.txt', edits: [{ oldText: 'one', newText: 'two' }] });
    await ws.run(named(tools, 'bash'), { command: 'true' });
    assert.deepEqual(approval.asked.map((request) => request.toolName), ['write', 'bash']);
    assert.deepEqual(await Promise.all(['write', 'edit', 'bash'].map((name) => gate.allows(name, {}, ws.root))), [true, true, false]);
  });

  it('turns a failing approval callback or an abort while asking into an error result', async () => {
    const ws = workspace();
    const failing = new ApprovalGate({
      ask: async () => {
        throw new Error('chat closed');
      },
    });
    assert.equal(textOf(await ws.run(named(failing.wrap(createTools()), 'bash'), { command: 'true' })), 'The tool call was not run: asking for approval failed (chat closed).');
    const controller = new AbortController();
    const aborting = new ApprovalGate({
      ask: async () => {
        controller.abort();
        return 'allow-once';
      },
    });
    const result = await ws.run(named(aborting.wrap(createTools()), 'write'), { path: 'c.txt', content: 'c' }, { signal: controller.signal });
    assert.deepEqual({ isError: result.isError, text: textOf(result) }, { isError: true, text: 'The tool call was aborted before it ran.' });
    assert.equal(existsSync(path.join(ws.root, 'c.txt')), false);
  });

  it('asks for a write to .vscode/settings.json even with write allowed from the start and "always" answered before, and never offers "always" for it', async () => {
    const ws = workspace();
    const approval = scriptedApproval('allow-always', 'allow-always', 'deny');
    const gate = new ApprovalGate({ ask: approval.ask, allowed: ['write', 'edit'] });
    const write = named(gate.wrap(createTools()), 'write');
    await ws.run(write, { path: 'notes.txt', content: 'no question' }, { toolCallId: 'plain' });
    await ws.run(write, { path: '.vscode/settings.json', content: '{"a": 1}' }, { toolCallId: 'first' });
    await ws.run(write, { path: './.VSCode/../.vscode/settings.json', content: '{"a": 2}' }, { toolCallId: 'second' });
    const denied = await ws.run(write, { path: '.vscode/settings.json', content: '{"a": 3}' }, { toolCallId: 'third' });
    assert.deepEqual(
      approval.asked.map((request) => [request.toolCallId, request.protectedPath]),
      [
        ['first', '.vscode/settings.json'],
        ['second', '.vscode/settings.json'],
        ['third', '.vscode/settings.json'],
      ],
    );
    assert.equal(textOf(denied), DENIED_TEXT);
    assert.equal(readFileSync(path.join(ws.root, '.vscode', 'settings.json'), 'utf8'), '{"a": 2}');
    assert.deepEqual(await Promise.all(['write', 'edit'].map((name) => gate.allows(name, {}, ws.root))), [true, true]);
  });

  it('does not let "always" on a protected path allow the tool for other files', async () => {
    const ws = workspace();
    const approval = scriptedApproval('allow-always', 'allow-once');
    const write = named(new ApprovalGate({ ask: approval.ask }).wrap(createTools()), 'write');
    await ws.run(write, { path: '.git/config', content: '[core]' });
    await ws.run(write, { path: 'src/a.ts', content: 'a' });
    assert.deepEqual(approval.asked.map((request) => request.args['path']), ['.git/config', 'src/a.ts']);
  });

  it('runs a bash command allowed by prefix and a write allowed by folder without asking, and asks for the rest', async () => {
    const ws = workspace();
    const approval = scriptedApproval('deny', 'deny', 'deny', 'deny');
    const tools = new ApprovalGate({ ask: approval.ask, allowed: ['bash(echo allowed)', 'write(src/**)', 'nonsense'] }).wrap(createTools({ bash: { outputDirectory: ws.outside } }));
    const bash = named(tools, 'bash');
    const write = named(tools, 'write');
    assert.equal(textOf(await ws.run(bash, { command: 'echo allowed by prefix' })).trim(), 'allowed by prefix');
    await ws.run(write, { path: 'src/a.ts', content: 'a' });
    for (const command of ['echo allowed; echo more', 'echo allowedx', 'rm -rf x']) assert.equal(textOf(await ws.run(bash, { command })), DENIED_TEXT, command);
    assert.equal(textOf(await ws.run(write, { path: 'docs/a.md', content: 'a' })), DENIED_TEXT);
    assert.deepEqual(approval.asked.map((request) => [request.toolName, request.args['command'] ?? request.args['path']]), [
      ['bash', 'echo allowed; echo more'],
      ['bash', 'echo allowedx'],
      ['bash', 'rm -rf x'],
      ['write', 'docs/a.md'],
    ]);
    assert.equal(readFileSync(path.join(ws.root, 'src', 'a.ts'), 'utf8'), 'a');
  });

  it('asks for a protected file inside a folder a rule allows, and offers it no rule', async () => {
    const ws = workspace();
    const approval = scriptedApproval('allow-once');
    const write = named(new ApprovalGate({ ask: approval.ask, allowed: ['write(src/**)'] }).wrap(createTools()), 'write');
    await ws.run(write, { path: 'src/.vscode/tasks.json', content: '{}' }, { toolCallId: 'tasks' });
    assert.deepEqual(approval.asked.map(({ plan: _plan, ...request }) => request), [{ toolName: 'write', args: { path: 'src/.vscode/tasks.json', content: '{}' }, toolCallId: 'tasks', protectedPath: 'src/.vscode/tasks.json' }]);
    assert.deepEqual(approval.asked.map((request) => request.plan?.proposed), ['{}']);
  });

  it('offers the card a rule, and after "Always allow" with it runs what it allows without asking, nothing else', async () => {
    const ws = workspace();
    const approval = scriptedApproval({ allowRule: 'bash(= echo hi there)' }, 'deny', { allowRule: 'bash' });
    const gate = new ApprovalGate({ ask: approval.ask });
    const bash = named(gate.wrap(createTools({ bash: { outputDirectory: ws.outside } })), 'bash');
    const write = named(gate.wrap(createTools()), 'write');
    await ws.run(bash, { command: 'echo hi there' }, { toolCallId: 'first' });
    assert.equal(textOf(await ws.run(bash, { command: ' echo hi there' })), 'hi there');
    assert.equal(textOf(await ws.run(bash, { command: 'echo hi there again' })), DENIED_TEXT);
    // A rule naming another tool than the one asked about widens nothing.
    await ws.run(write, { path: 'b.txt', content: 'b' });
    assert.equal(await gate.allows('bash', { command: 'rm x' }, ws.root), false);
    assert.deepEqual(approval.asked[0], { toolName: 'bash', args: { command: 'echo hi there' }, toolCallId: 'first', suggestedRule: { rule: 'bash(= echo hi there)', label: 'Always allow exactly `echo hi there` in this workspace' } });
    assert.deepEqual(approval.asked.map((request) => request.args['command'] ?? request.args['path']), ['echo hi there', 'echo hi there again', 'b.txt']);
  });

  it('asks for an edit through a link into .git, naming where the link leads', async () => {
    const ws = workspace();
    ws.file('.git/config', '[core]\n\thooksPath = hooks\n');
    mkdirSync(path.join(ws.root, 'docs'), { recursive: true });
    symlinkSync(path.join(ws.root, '.git'), path.join(ws.root, 'docs', 'repo'));
    const approval = scriptedApproval('deny');
    const edit = named(new ApprovalGate({ ask: approval.ask, allowed: ['edit'] }).wrap(createTools()), 'edit');
    const result = await ws.run(edit, { path: 'docs/repo/config', edits: [{ oldText: '= hooks', newText: '= /tmp/evil' }] });
    assert.equal(textOf(result), DENIED_TEXT);
    assert.deepEqual(approval.asked.map((request) => request.protectedPath), ['.git/config']);
    assert.equal(readFileSync(path.join(ws.root, '.git', 'config'), 'utf8'), '[core]\n\thooksPath = hooks\n');
  });
});
