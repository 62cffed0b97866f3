import { strict as assert } from 'node:assert';
import { branchMessageOf, compactionMessageOf, serializeConversation } from '../../../src/core/compaction';
import { contextOfPath, convertToLlm, type AgentMessage } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';
import { loadFixture, sha256 } from './support/fixtures';
import { chars } from './support/path';
import { loadPi } from './support/piOracle';

const serialize = (messages: AgentMessage[]): string => serializeConversation(convertToLlm(messages));

describe('serializeConversation', () => {
  it('truncates a tool result to 2000 characters with a marker', () => {
    const call = toolCall('read', { path: 'a' });
    const long = 'r'.repeat(5000);
    assert.equal(serialize([toolResult(call, long)]), `[Tool result]: ${'r'.repeat(2000)}\n\n[... 3000 more characters truncated]`);
    const short = 's'.repeat(1500);
    assert.equal(serialize([toolResult(call, short)]), `[Tool result]: ${short}`);
  });

  it('never truncates user or assistant text', () => {
    const text = serialize([user(chars(5000)), assistant(chars(5000, 'y'))]);
    assert.equal(text, `[User]: ${chars(5000)}\n\n[Assistant]: ${chars(5000, 'y')}`);
    assert.ok(!text.includes('truncated'));
  });

  it('lays out an assistant message as text, then tool calls, leaving its thinking out as pi 1.6 does', async () => {
    const pi = await loadPi();
    const message = assistant([
      toolCall('ls', {}),
      toolCall('edit', { path: 'a.ts', edits: [{ oldText: 'x', newText: 'y' }] }),
      { type: 'text', text: 't1' },
      { type: 'thinking', thinking: 'th1' },
      { type: 'text', text: 't2' },
      { type: 'thinking', thinking: 'th2' },
    ]);
    const expected = '[Assistant]: t1\nt2\n\n[Assistant tool calls]: ls(); edit(path="a.ts", edits=[{"oldText":"x","newText":"y"}])';
    assert.equal(pi.serializeConversation(pi.convertToLlm([message])), expected);
    assert.equal(serialize([message]), expected);
    const thinkingOnly = assistant([{ type: 'thinking', thinking: 'only thought' }]);
    assert.equal(serialize([user('q'), thinkingOnly]), pi.serializeConversation(pi.convertToLlm([user('q'), thinkingOnly])));
    assert.equal(serialize([user('q'), thinkingOnly]), '[User]: q');
  });

  it('cuts a tool result before a surrogate pair rather than through it, counting as pi does', async () => {
    const pi = await loadPi();
    const call = toolCall('read', { path: 'a' });
    const text = `${'r'.repeat(1999)}😀${'s'.repeat(100)}`;
    const ours = serialize([toolResult(call, text)]);
    assert.equal(ours, pi.serializeConversation(pi.convertToLlm([toolResult(call, text)])));
    assert.equal(ours, `[Tool result]: ${'r'.repeat(1999)}\n\n[... 101 more characters truncated]`);
  });

  it('concatenates text blocks without separator and skips image-only users', () => {
    const call = toolCall('read', { path: 'a' });
    const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
    const result = toolResult(call, '', { content: [{ type: 'text', text: 'r1' }, { type: 'text', text: 'r2' }] });
    assert.equal(serialize([user([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }]), result, user([image])]), '[User]: ab\n\n[Tool result]: r1r2');
  });

  it('serializes the synthetic fixture as pi 1.6 does (0.73.1, which recorded it, also wrote the thinking)', async () => {
    const pi = await loadPi();
    const { path, expected } = await loadFixture('synthetic-branched');
    const messages = contextOfPath(path).messages;
    const context = serialize(messages);
    assert.equal(context, pi.serializeConversation(pi.convertToLlm(messages)));
    assert.equal(sha256(context), expected.serializeConversation.context.sha256, 'no thinking in this context: as recorded');
    // Every path entry's message, the compaction as its summary message (the reference's "pathMessages").
    const all = path.flatMap((entry) => {
      if (entry.type === 'compaction') return [branchMessageOf(entry)!];
      const message = compactionMessageOf(entry);
      return message ? [message] : [];
    });
    assert.equal(all.length, expected.serializeConversation.pathMessages.messages);
    const whole = serialize(all);
    assert.equal(whole, pi.serializeConversation(pi.convertToLlm(all)));
    assert.equal(whole.length, expected.serializeConversation.pathMessages.length - '[Assistant thinking]: I should read both files first.\n\n'.length, 'the thinking 0.73.1 serialized is left out');
  });

  it('reproduces the reference serialization of the legacy fixture', async () => {
    const { path, expected } = await loadFixture('legacy-v1');
    const context = serialize(contextOfPath(path).messages);
    assert.equal(context.length, expected.serializeConversation.context.length);
    assert.equal(sha256(context), expected.serializeConversation.context.sha256);
  });

  it('truncates long write/edit arguments like tool results (deliberately differs from pi)', async () => {
    const pi = await loadPi();
    const body = 'line of file body\n'.repeat(500);
    const message = assistant([toolCall('write', { path: 'big.ts', content: body })]);
    const theirs = pi.serializeConversation(pi.convertToLlm([message]));
    const ours = serialize([message]);
    assert.equal(theirs.length, `[Assistant tool calls]: write(path="big.ts", content=${JSON.stringify(body)})`.length);
    assert.equal(ours, `[Assistant tool calls]: write(path="big.ts", content=${JSON.stringify(`${body.slice(0, 2000)}\n\n[... ${body.length - 2000} more characters truncated]`)})`);
    assert.equal(serializeConversation(convertToLlm([message]), { truncateToolArguments: false }), theirs);
  });
});
