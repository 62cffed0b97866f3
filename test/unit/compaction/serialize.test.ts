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

  it('lays out an assistant message as thinking, text, tool calls', () => {
    const message = assistant([
      toolCall('ls', {}),
      toolCall('edit', { path: 'a.ts', edits: [{ oldText: 'x', newText: 'y' }] }),
      { type: 'text', text: 't1' },
      { type: 'thinking', thinking: 'th1' },
      { type: 'text', text: 't2' },
      { type: 'thinking', thinking: 'th2' },
    ]);
    assert.equal(
      serialize([message]),
      '[Assistant thinking]: th1\nth2\n\n[Assistant]: t1\nt2\n\n[Assistant tool calls]: ls(); edit(path="a.ts", edits=[{"oldText":"x","newText":"y"}])',
    );
  });

  it('concatenates text blocks without separator and skips image-only users', () => {
    const call = toolCall('read', { path: 'a' });
    const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
    const result = toolResult(call, '', { content: [{ type: 'text', text: 'r1' }, { type: 'text', text: 'r2' }] });
    assert.equal(serialize([user([{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }]), result, user([image])]), '[User]: ab\n\n[Tool result]: r1r2');
  });

  it('reproduces the reference serialization of the synthetic fixture (length and sha256)', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    const context = serialize(contextOfPath(path).messages);
    assert.equal(context.length, expected.serializeConversation.context.length);
    assert.equal(sha256(context), expected.serializeConversation.context.sha256);
    // Every path entry's message, the compaction as its summary message (the reference's "pathMessages").
    const all = path.flatMap((entry) => {
      if (entry.type === 'compaction') return [branchMessageOf(entry)!];
      const message = compactionMessageOf(entry);
      return message ? [message] : [];
    });
    const whole = serialize(all);
    assert.equal(all.length, expected.serializeConversation.pathMessages.messages);
    assert.equal(whole.length, expected.serializeConversation.pathMessages.length);
    assert.equal(sha256(whole), expected.serializeConversation.pathMessages.sha256);
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
