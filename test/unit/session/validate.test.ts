import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { entryProblem, headerProblem, migrateToCurrent, parseSessionText, type SessionEntry } from '../../../src/core/session';
import { assistant, bash, toolCall, toolResult, usage, user } from '../../support/builders';
import { FIXTURES_DIR, fixturePath } from '../../support/fixtures';
import { loadPi } from '../../support/pi';
import { Dice, seededRandom, writeRandomSession } from '../../support/randomSession';
import { piWriter } from '../../support/sessionWriters';

const BASE = { id: 'e1', parentId: 'e0', timestamp: '2026-01-01T00:00:00.000Z' };
const entry = (type: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({ type, ...BASE, ...fields });
const message = (fields: Record<string, unknown>): Record<string, unknown> => entry('message', { message: fields });
const call = toolCall('read', { path: 'a.ts' }, 'call-1');

/** [what, entry, exact reason] */
type Case = [string, Record<string, unknown>, string | undefined];

function check(cases: readonly Case[]): void {
  for (const [what, value, reason] of cases) assert.equal(entryProblem(value), reason, what);
}

describe('entry shape checks', () => {
  it('accepts every entry type as pi and Arbor write it', () => {
    const usable = [
      message({ ...user('hi') }),
      message({ ...user('plain string content'), content: 'plain' }),
      message({ ...user([{ type: 'text', text: 'see' }, { type: 'image', data: 'iVBO', mimeType: 'image/png' }]) }),
      message({ ...assistant([{ type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'sig', redacted: true }, { type: 'text', text: 'ok' }, call]) }),
      message({ ...assistant('old file', { usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } }) }),
      message({ ...assistant('failed', { stopReason: 'error', errorMessage: 'overloaded' }) }),
      message({ ...toolResult(call, 'file body') }),
      message({ ...bash('ls', 'a\nb', { exitCode: undefined, fullOutputPath: '/tmp/x', truncated: true }) }),
      message({ role: 'custom', customType: 'note', content: 'x', display: true, timestamp: 1 }),
      message({ role: 'branchSummary', summary: 's', fromId: 'a', timestamp: 1 }),
      entry('thinking_level_change', { thinkingLevel: 'high' }),
      entry('model_change', { provider: 'anthropic', modelId: 'claude' }),
      entry('compaction', { summary: 's', firstKeptEntryId: 'e0', tokensBefore: 1200, details: { readFiles: [] }, fromHook: false }),
      entry('branch_summary', { summary: '', fromId: 'root' }),
      entry('custom', { customType: 'arbor.position', data: null }),
      entry('custom_message', { customType: 'note', content: [{ type: 'text', text: 'x' }], display: false }),
      entry('label', { targetId: 'e0', label: 'keep' }),
      entry('label', { targetId: 'e0' }),
      entry('label', { targetId: 'e0', label: null }),
      entry('session_info', { name: 'my session' }),
      entry('session_info', {}),
      entry('message', { ...BASE, parentId: null, message: user('root') }),
    ];
    for (const value of usable) assert.equal(entryProblem(value), undefined, JSON.stringify(value));
  });

  it('keeps unknown entry types, roles and block types, and unknown fields, as usable', () => {
    check([
      ['unknown entry type', entry('future_thing', { anything: [1, 2] }), undefined],
      ['entry type named like an Object property', entry('constructor'), undefined],
      ['unknown role', message({ role: 'hookMessage', content: 42 }), undefined],
      ['unknown block type', message({ role: 'user', content: [{ type: 'audio', data: 7 }] }), undefined],
      ['unknown fields', entry('label', { targetId: 'e0', extra: { deep: null } }), undefined],
      ['entry without parentId (a root, as pi reads it)', { type: 'custom', id: 'e1', customType: 'x' }, undefined],
    ]);
  });

  it('names the field every entry needs', () => {
    check([
      ['no id', { type: 'custom', parentId: null, customType: 'x' }, 'custom entry: "id" is missing, expected a non-empty string'],
      ['empty id', entry('custom', { id: '', customType: 'x' }), 'custom entry: "id" is an empty string, expected a non-empty string'],
      ['numeric id', entry('custom', { id: 7, customType: 'x' }), 'custom entry: "id" is a number, expected a non-empty string'],
      ['object parent', entry('custom', { parentId: {}, customType: 'x' }), 'custom entry: "parentId" is an object, expected a string or null'],
      ['array timestamp', entry('custom', { timestamp: [], customType: 'x' }), 'custom entry: "timestamp" is an array, expected a string'],
      ['unknown type, no id', { type: 'x y', parentId: null }, '"x y" entry: "id" is missing, expected a non-empty string'],
      ['long type is cut', { type: 't'.repeat(100) }, `"${'t'.repeat(39)}…" entry: "id" is missing, expected a non-empty string`],
    ]);
  });

  it('checks message entries: the message, its role and its content', () => {
    check([
      ['no message', entry('message'), 'message entry: "message" is missing, expected an object'],
      ['null message', entry('message', { message: null }), 'message entry: "message" is null, expected an object'],
      ['role not a string', message({ role: 5, content: 'x' }), 'message entry: "message.role" is a number, expected a string'],
      ['user content a number', message({ role: 'user', content: 42 }), 'message entry: "message.content" is a number, expected a string or an array of blocks'],
      ['user content null (read as empty, as pi 1.6)', message({ role: 'user', content: null }), undefined],
      ['user content missing (read as empty, as pi 1.6)', message({ role: 'user' }), undefined],
      ['null block', message({ role: 'user', content: [{ type: 'text', text: 'a' }, null] }), 'message entry: "message.content[1]" is null, expected an object'],
      ['array block', message({ role: 'user', content: [[]] }), 'message entry: "message.content[0]" is an array, expected an object'],
      ['block type missing', message({ role: 'user', content: [{ text: 'a' }] }), 'message entry: "message.content[0].type" is missing, expected a string'],
      ['text block without text', message({ role: 'user', content: [{ type: 'text' }] }), 'message entry: "message.content[0].text" is missing, expected a string'],
      ['image data a number', message({ role: 'user', content: [{ type: 'image', data: 1, mimeType: 'image/png' }] }), 'message entry: "message.content[0].data" is a number, expected a string'],
      ['image without mimeType', message({ role: 'user', content: [{ type: 'image', data: 'x' }] }), 'message entry: "message.content[0].mimeType" is missing, expected a string'],
      ['text signature not a string', message({ role: 'user', content: [{ type: 'text', text: 'a', textSignature: 1 }] }), 'message entry: "message.content[0].textSignature" is a number, expected a string'],
    ]);
  });

  it('checks assistant messages: array content, blocks, usage and the printed fields', () => {
    const reply = (fields: Record<string, unknown>): Record<string, unknown> => message({ ...assistant('x'), ...fields });
    check([
      ['string content', reply({ content: 'text' }), 'message entry: "message.content" is a string, expected an array of blocks'],
      ['thinking block without thinking', reply({ content: [{ type: 'thinking' }] }), 'message entry: "message.content[0].thinking" is missing, expected a string'],
      ['thinking signature an object', reply({ content: [{ type: 'thinking', thinking: 't', thinkingSignature: {} }] }), 'message entry: "message.content[0].thinkingSignature" is an object, expected a string'],
      ['tool call without arguments', reply({ content: [{ type: 'toolCall', id: 'c', name: 'read' }] }), 'message entry: "message.content[0].arguments" is missing, expected an object'],
      ['tool call arguments an array', reply({ content: [{ type: 'toolCall', id: 'c', name: 'read', arguments: [] }] }), 'message entry: "message.content[0].arguments" is an array, expected an object'],
      ['tool call id a number', reply({ content: [{ ...call, id: 3 }] }), 'message entry: "message.content[0].id" is a number, expected a string'],
      ['tool call name null', reply({ content: [{ ...call, name: null }] }), 'message entry: "message.content[0].name" is null, expected a string'],
      ['tool call thought signature', reply({ content: [{ ...call, thoughtSignature: false }] }), 'message entry: "message.content[0].thoughtSignature" is a boolean, expected a string'],
      ['no usage', reply({ usage: undefined }), 'message entry: "message.usage" is missing, expected an object'],
      ['usage a number', reply({ usage: 100 }), 'message entry: "message.usage" is a number, expected an object'],
      ['usage input a string', reply({ usage: { ...usage(1), input: '1' } }), 'message entry: "message.usage.input" is a string, expected a number'],
      ['usage without cacheWrite', reply({ usage: { input: 1, output: 1, cacheRead: 0 } }), 'message entry: "message.usage.cacheWrite" is missing, expected a number'],
      ['usage totalTokens null', reply({ usage: { ...usage(1), totalTokens: null } }), undefined],
      ['usage totalTokens a string', reply({ usage: { ...usage(1), totalTokens: '9' } }), 'message entry: "message.usage.totalTokens" is a string, expected a number'],
      ['provider a number', reply({ provider: 1 }), 'message entry: "message.provider" is a number, expected a string'],
      ['model an array', reply({ model: ['a'] }), 'message entry: "message.model" is an array, expected a string'],
      ['error message an object', reply({ errorMessage: { toString: 1 } }), 'message entry: "message.errorMessage" is an object, expected a string'],
      ['stop reason anything (a flag)', reply({ stopReason: 12 }), undefined],
    ]);
  });

  it('checks tool results, bash runs, custom and summary messages', () => {
    const result = toolResult(call, 'out');
    const run = bash('ls', 'out');
    check([
      ['result without toolCallId', message({ ...result, toolCallId: undefined }), 'message entry: "message.toolCallId" is missing, expected a string'],
      ['result with a numeric tool name', message({ ...result, toolName: 4 }), 'message entry: "message.toolName" is a number, expected a string'],
      ['result with string content', message({ ...result, content: 'out' }), 'message entry: "message.content" is a string, expected an array of blocks'],
      ['result isError a string (sent to the model)', message({ ...result, isError: 'yes' }), 'message entry: "message.isError" is a string, expected a boolean'],
      ['message time an object (compared with numbers)', message({ ...result, timestamp: { valueOf: 1 } }), 'message entry: "message.timestamp" is an object, expected a number'],
      ['unknown role, time a string', message({ role: 'future', timestamp: '2026' }), 'message entry: "message.timestamp" is a string, expected a number'],
      ['bash without command', message({ ...run, command: undefined }), 'message entry: "message.command" is missing, expected a string'],
      ['bash output null', message({ ...run, output: null }), 'message entry: "message.output" is null, expected a string'],
      ['bash exit code a string', message({ ...run, exitCode: '1' }), 'message entry: "message.exitCode" is a string, expected a number'],
      ['bash exit code null', message({ ...run, exitCode: null }), undefined],
      ['bash output path a number', message({ ...run, fullOutputPath: 1 }), 'message entry: "message.fullOutputPath" is a number, expected a string'],
      ['custom without customType', message({ role: 'custom', content: 'x' }), 'message entry: "message.customType" is missing, expected a string'],
      ['custom content an object', message({ role: 'custom', customType: 't', content: {} }), 'message entry: "message.content" is an object, expected a string or an array of blocks'],
      ['compaction summary message without summary', message({ role: 'compactionSummary', tokensBefore: 1 }), 'message entry: "message.summary" is missing, expected a string'],
    ]);
  });

  it('checks the fields the readers of the other entry types use', () => {
    check([
      ['thinking level a number', entry('thinking_level_change', { thinkingLevel: 3 }), 'thinking_level_change entry: "thinkingLevel" is a number, expected a string'],
      ['model change without modelId', entry('model_change', { provider: 'p' }), 'model_change entry: "modelId" is missing, expected a string'],
      ['compaction summary null', entry('compaction', { summary: null, firstKeptEntryId: 'e0', tokensBefore: 1 }), 'compaction entry: "summary" is null, expected a string'],
      ['compaction kept id a number', entry('compaction', { summary: 's', firstKeptEntryId: 1, tokensBefore: 1 }), 'compaction entry: "firstKeptEntryId" is a number, expected a string'],
      ['compaction tokensBefore a string', entry('compaction', { summary: 's', firstKeptEntryId: 'e0', tokensBefore: '1' }), 'compaction entry: "tokensBefore" is a string, expected a number'],
      ['branch summary without fromId', entry('branch_summary', { summary: 's' }), 'branch_summary entry: "fromId" is missing, expected a string'],
      ['branch summary an array', entry('branch_summary', { summary: ['s'], fromId: 'a' }), 'branch_summary entry: "summary" is an array, expected a string'],
      ['custom without customType', entry('custom', { data: 1 }), 'custom entry: "customType" is missing, expected a string'],
      ['custom message content 42', entry('custom_message', { customType: 'n', content: 42, display: true }), 'custom_message entry: "content" is a number, expected a string or an array of blocks'],
      ['custom message block null', entry('custom_message', { customType: 'n', content: [null], display: true }), 'custom_message entry: "content[0]" is null, expected an object'],
      ['label without target', entry('label', { label: 'x' }), 'label entry: "targetId" is missing, expected a string'],
      ['label a number', entry('label', { targetId: 'e0', label: 1 }), 'label entry: "label" is a number, expected a string'],
      ['session name a boolean', entry('session_info', { name: true }), 'session_info entry: "name" is a boolean, expected a string'],
    ]);
  });

  it("accepts pi 1.6's entries: context edits, usage entries, system messages, checkpoints, null content", () => {
    const tools = [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    const system = { role: 'system', content: '', sections: { preamble: 'P', tools: '<tools>\nT\n</tools>' }, toolsAdded: tools, timestamp: 1 };
    check([
      ['hiding edit', entry('context_edit', { targetId: 'e0', replacement: null }), undefined],
      ['replacing edit, string', entry('context_edit', { targetId: 'e0', replacement: { content: 'short' } }), undefined],
      ['replacing edit, blocks', entry('context_edit', { targetId: 'e0', replacement: { content: [{ type: 'text', text: 'x' }, call] } }), undefined],
      ['usage entry', entry('usage', { kind: 'cache_warm', provider: 'anthropic', model: 'm', usage: usage(5) }), undefined],
      ['usage entry with a note and an unknown kind', entry('usage', { kind: 'other', provider: 'p', model: 'm', usage: usage(1), note: 'extension override' }), undefined],
      ['full system message', message(system), undefined],
      ['system patch', message({ role: 'system', content: '', sections: { skills: null, addendum: 'A' }, toolsRemoved: [{ name: 'write' }], timestamp: 2 }), undefined],
      ['system content in blocks', message({ role: 'system', content: [{ type: 'text', text: 'forced' }], timestamp: 3 }), undefined],
      ['system content null', message({ role: 'system', content: null, timestamp: 3 }), undefined],
      ['compaction with a checkpoint', entry('compaction', { summary: 's', firstKeptEntryId: 'e1', tokensBefore: 9, systemMessage: { ...system, timestamp: 99 } }), undefined],
      ['retain-none compaction (its own id)', entry('compaction', { summary: 's', firstKeptEntryId: 'e1', tokensBefore: 9 }), undefined],
      ['assistant content null', message({ ...assistant('x'), content: null }), undefined],
      ['tool result content missing, with usage', message({ ...toolResult(call, 'out'), content: undefined, usage: usage(3) }), undefined],
      ['custom message content null', entry('custom_message', { customType: 'n', content: null, display: true }), undefined],
      ['thinking level max', entry('thinking_level_change', { thinkingLevel: 'max' }), undefined],
    ]);
  });

  it("checks the fields the readers of pi 1.6's entries use, never quoting a section's name", () => {
    const system = (fields: Record<string, unknown>): Record<string, unknown> => message({ role: 'system', content: '', timestamp: 1, ...fields });
    check([
      ['edit without target', entry('context_edit', { replacement: null }), 'context_edit entry: "targetId" is missing, expected a string'],
      ['edit without replacement', entry('context_edit', { targetId: 'e0' }), 'context_edit entry: "replacement" is missing, expected null or an object with content'],
      ['edit replacement a string', entry('context_edit', { targetId: 'e0', replacement: 'x' }), 'context_edit entry: "replacement" is a string, expected null or an object with content'],
      ['edit replacement content a number', entry('context_edit', { targetId: 'e0', replacement: { content: 5 } }), 'context_edit entry: "replacement.content" is a number, expected a string or an array of blocks'],
      ['edit replacement without content', entry('context_edit', { targetId: 'e0', replacement: {} }), 'context_edit entry: "replacement.content" is missing, expected a string or an array of blocks'],
      ['edit replacement block null', entry('context_edit', { targetId: 'e0', replacement: { content: [null] } }), 'context_edit entry: "replacement.content[0]" is null, expected an object'],
      ['usage entry without kind', entry('usage', { provider: 'p', model: 'm', usage: usage(1) }), 'usage entry: "kind" is missing, expected a string'],
      ['usage entry usage a string', entry('usage', { kind: 'k', provider: 'p', model: 'm', usage: 'lots' }), 'usage entry: "usage" is a string, expected an object'],
      ['usage entry input missing', entry('usage', { kind: 'k', provider: 'p', model: 'm', usage: { output: 1, cacheRead: 0, cacheWrite: 0 } }), 'usage entry: "usage.input" is missing, expected a number'],
      ['tool result usage a number', message({ ...toolResult(call, 'out'), usage: 3 }), 'message entry: "message.usage" is a number, expected an object'],
      ['system content a number', system({ content: 4 }), 'message entry: "message.content" is a number, expected a string or an array of blocks'],
      ['system sections an array', system({ sections: ['a'] }), 'message entry: "message.sections" is an array, expected an object'],
      ['system section a number', system({ sections: { 'secret name': 4 } }), 'message entry: a value of "message.sections" is a number, expected a string or null'],
      ['system tools not a list', system({ toolsAdded: { name: 'read' } }), 'message entry: "message.toolsAdded" is an object, expected an array of tools'],
      ['system tool without a name', system({ toolsAdded: [{ description: 'x' }] }), 'message entry: "message.toolsAdded[0].name" is missing, expected a string'],
      ['system removed tool null', system({ toolsRemoved: [null] }), 'message entry: "message.toolsRemoved[0]" is null, expected an object'],
      ['checkpoint not a system message', entry('compaction', { summary: 's', firstKeptEntryId: 'e0', tokensBefore: 1, systemMessage: { role: 'user', content: 'x' } }), 'compaction entry: "systemMessage.role" is a string, expected "system"'],
      ['checkpoint a string', entry('compaction', { summary: 's', firstKeptEntryId: 'e0', tokensBefore: 1, systemMessage: 'prompt' }), 'compaction entry: "systemMessage" is a string, expected an object'],
      ['checkpoint section a boolean', entry('compaction', { summary: 's', firstKeptEntryId: 'e0', tokensBefore: 1, systemMessage: { role: 'system', content: '', sections: { a: true } } }), 'compaction entry: a value of "systemMessage.sections" is a boolean, expected a string or null'],
    ]);
  });

  it('checks the header fields readers use', () => {
    const header = { type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' };
    assert.equal(headerProblem(header), undefined);
    assert.equal(headerProblem({ type: 'session', id: 'v1', timestamp: 't', cwd: '/p', provider: 'x' }), undefined);
    assert.equal(headerProblem({ ...header, cwd: 42 }), 'session header: "cwd" is a number, expected a string');
    assert.equal(headerProblem({ ...header, cwd: undefined }), 'session header: "cwd" is missing, expected a string');
    assert.equal(headerProblem({ ...header, id: '' }), 'session header: "id" is an empty string, expected a non-empty string');
    assert.equal(headerProblem({ ...header, timestamp: null }), 'session header: "timestamp" is null, expected a string');
    assert.equal(headerProblem({ ...header, parentSession: {} }), 'session header: "parentSession" is an object, expected a string');
    assert.equal(headerProblem({ ...header, version: '3' }), 'session header: "version" is a string, expected a number');
  });

  it('never quotes a value in the reason (values may be huge or private)', () => {
    const huge = 'secret'.repeat(200_000);
    const reason = entryProblem(entry('label', { targetId: 'e0', label: [huge] }))!;
    assert.equal(reason, 'label entry: "label" is an array, expected a string');
  });

  it('finds no problem in the fixture sessions', () => {
    const files = readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('.jsonl'));
    assert.ok(files.length >= 2, `fixtures found: ${files.join(', ')}`);
    for (const name of files) {
      const parsed = parseSessionText(readFileSync(fixturePath(name), 'utf8'));
      migrateToCurrent(parsed.header!, parsed.entries);
      const problems = parsed.entries.map((value) => entryProblem(value)).filter((problem) => problem !== undefined);
      assert.deepEqual(problems, [], name);
      assert.ok(parsed.entries.length >= 9, `${name} has entries`);
    }
  });

  it("finds no problem in sessions pi 1.6.0's SessionManager writes", async function () {
    this.timeout(30_000);
    const pi = await loadPi();
    let checked = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const sm = pi.SessionManager.inMemory('/home/dev/project');
      await writeRandomSession(piWriter(sm), seed, new Dice(seededRandom(seed)).int(20, 60));
      // The entries as they would be read back from the file.
      const entries = JSON.parse(JSON.stringify(sm.getEntries())) as SessionEntry[];
      for (const value of entries) assert.equal(entryProblem(value), undefined, `seed ${seed}: ${JSON.stringify(value).slice(0, 200)}`);
      checked += entries.length;
    }
    assert.ok(checked > 1000, `${checked} entries checked`);
  });
});
