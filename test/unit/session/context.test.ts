import { strict as assert } from 'node:assert';
import { buildSessionContext, convertToLlm, SessionTree, type AgentMessage } from '../../../src/core/session';
import { assistant, bash, chain, compactionEntry, entry, msg, user } from '../../support/builders';

const texts = (messages: AgentMessage[]): string[] =>
  messages.map((m) => {
    if (m.role === 'compactionSummary' || m.role === 'branchSummary') return `${m.role}:${m.summary}`;
    if (m.role === 'user' || m.role === 'assistant') {
      const content = m.content as { type: string; text?: string }[];
      return content.map((c) => c.text ?? '').join('');
    }
    return m.role;
  });

describe('buildSessionContext', () => {
  it('is empty with thinking off and no model for an empty session (C20)', () => {
    assert.deepEqual(buildSessionContext(new SessionTree()), { messages: [], thinkingLevel: 'off', model: null });
  });

  it('is empty for an explicit null leaf (C21)', () => {
    const tree = SessionTree.fromEntries(chain(msg('1', null, user('hi')), msg('2', null, assistant('yo'))));
    assert.deepEqual(buildSessionContext(tree, null), { messages: [], thinkingLevel: 'off', model: null });
  });

  it('falls back to the last entry for an unknown leaf id (C22)', () => {
    const tree = SessionTree.fromEntries(chain(msg('1', null, user('u1')), msg('2', null, assistant('a1'))));
    assert.equal(buildSessionContext(tree, 'nonexistent').messages.length, 2);
  });

  it('starts the path at an orphan leaf (C23)', () => {
    const tree = SessionTree.fromEntries([msg('1', null, user('u1')), msg('2', 'missing', assistant('a1'))]);
    assert.deepEqual(texts(buildSessionContext(tree, '2').messages), ['a1']);
  });

  it('takes the thinking level and the model from the path, later wins (C24)', () => {
    const thinking = SessionTree.fromEntries(
      chain(msg('1', null, user('u')), entry('thinking_level_change', '2', null, { thinkingLevel: 'high' }), msg('3', null, assistant('a'))),
    );
    const context = buildSessionContext(thinking);
    assert.equal(context.thinkingLevel, 'high');
    assert.equal(context.messages.length, 2);

    const assistantWins = SessionTree.fromEntries(
      chain(
        msg('1', null, user('u')),
        entry('model_change', '2', null, { provider: 'openai', modelId: 'gpt-4' }),
        msg('3', null, assistant('a', { provider: 'anthropic', model: 'claude-test' })),
      ),
    );
    assert.deepEqual(buildSessionContext(assistantWins).model, { provider: 'anthropic', modelId: 'claude-test' });

    const changeWins = SessionTree.fromEntries(
      chain(msg('1', null, user('u')), msg('2', null, assistant('a', { model: 'm1' })), entry('model_change', '3', null, { provider: 'openai', modelId: 'gpt' })),
    );
    assert.deepEqual(buildSessionContext(changeWins).model, { provider: 'openai', modelId: 'gpt' });
  });

  it('sends the summary, then the kept entries, then the newer ones (C25)', () => {
    const tree = SessionTree.fromEntries(
      chain(
        msg('u1', null, user('u1')),
        msg('a1', null, assistant('a1')),
        msg('u2', null, user('u2')),
        msg('a2', null, assistant('a2')),
        compactionEntry('c', null, 'u2', 'S'),
        msg('u3', null, user('u3')),
        msg('a3', null, assistant('a3')),
      ),
    );
    assert.deepEqual(texts(buildSessionContext(tree).messages), ['compactionSummary:S', 'u2', 'a2', 'u3', 'a3']);
  });

  it('uses only the latest compaction on the path (C26)', () => {
    const tree = SessionTree.fromEntries(
      chain(
        msg('u1', null, user('u1')),
        msg('a1', null, assistant('a1')),
        compactionEntry('c1', null, 'u1', 'S1'),
        msg('u2', null, user('u2')),
        msg('b', null, assistant('b')),
        msg('u3', null, user('u3')),
        msg('c', null, assistant('c')),
        compactionEntry('c2', null, 'u3', 'S2'),
        msg('u4', null, user('u4')),
        msg('d', null, assistant('d')),
      ),
    );
    assert.deepEqual(texts(buildSessionContext(tree).messages), ['compactionSummary:S2', 'u3', 'c', 'u4', 'd']);
  });

  it('keeps everything when the first kept entry is the first entry (C27)', () => {
    const tree = SessionTree.fromEntries(
      chain(msg('u1', null, user('u1')), msg('a1', null, assistant('a1')), compactionEntry('c', null, 'u1', 'S'), msg('u2', null, user('u2')), msg('b', null, assistant('b'))),
    );
    assert.equal(buildSessionContext(tree).messages.length, 5);
  });

  it('keeps nothing before the compaction when its first kept entry is not on the path (C28)', () => {
    const tree = SessionTree.fromEntries(
      chain(msg('u1', null, user('u1')), msg('a1', null, assistant('a1')), compactionEntry('c', null, 'zzz', 'S'), msg('u2', null, user('u2'))),
    );
    assert.deepEqual(texts(buildSessionContext(tree).messages), ['compactionSummary:S', 'u2']);
  });

  it('includes a branch summary on the path and ignores an empty one (C29)', () => {
    const tree = SessionTree.fromEntries([
      msg('1', null, user('u1')),
      msg('2', '1', assistant('a1')),
      msg('3', '2', user('abandoned')),
      entry('branch_summary', '4', '2', { fromId: '2', summary: 'B' }),
      msg('5', '4', user('u2')),
      entry('branch_summary', '6', '5', { fromId: '5', summary: '' }),
    ]);
    assert.deepEqual(texts(buildSessionContext(tree, '5').messages), ['u1', 'a1', 'branchSummary:B', 'u2']);
    assert.equal(buildSessionContext(tree, '6').messages.length, 4);
  });

  it('follows the chosen branch only (C30)', () => {
    const tree = SessionTree.fromEntries([
      msg('1', null, user('1')),
      msg('2', '1', assistant('2')),
      msg('3', '2', user('3')),
      msg('4', '2', user('4')),
    ]);
    assert.deepEqual(texts(buildSessionContext(tree, '3').messages), ['1', '2', '3']);
    assert.deepEqual(texts(buildSessionContext(tree, '4').messages), ['1', '2', '4']);
  });

  it('builds both leaves of pi\'s complex tree test (C31)', () => {
    const tree = SessionTree.fromEntries([
      msg('1', null, user('start')),
      msg('2', '1', assistant('r1')),
      msg('3', '2', user('q2')),
      msg('4', '3', assistant('r2')),
      compactionEntry('5', '4', '3', 'summary'),
      msg('6', '5', user('q3')),
      msg('7', '6', assistant('r3')),
      msg('8', '3', user('wrong approach')),
      msg('9', '8', assistant('r8')),
      entry('branch_summary', '10', '3', { fromId: '3', summary: 'tried wrong approach' }),
      msg('11', '10', user('better approach')),
    ]);
    assert.deepEqual(texts(buildSessionContext(tree, '7').messages), ['compactionSummary:summary', 'q2', 'r2', 'q3', 'r3']);
    assert.deepEqual(texts(buildSessionContext(tree, '11').messages), ['start', 'r1', 'q2', 'branchSummary:tried wrong approach', 'better approach']);
  });

  it('leaves custom, label and session_info entries out and turns custom messages into role custom (C32)', () => {
    const tree = SessionTree.fromEntries(
      chain(
        msg('1', null, user('u')),
        entry('custom', '2', null, { customType: 'state', data: { n: 1 } }),
        entry('label', '3', null, { targetId: '1', label: 'L' }),
        entry('session_info', '4', null, { name: 'N' }),
        entry('custom_message', '5', null, { customType: 'note', content: 'hello', display: true }, '2026-03-01T00:00:00.000Z'),
      ),
    );
    const messages = buildSessionContext(tree).messages;
    assert.deepEqual(messages.map((m) => m.role), ['user', 'custom']);
    assert.deepEqual(messages[1], {
      role: 'custom',
      customType: 'note',
      content: 'hello',
      display: true,
      details: undefined,
      timestamp: Date.parse('2026-03-01T00:00:00.000Z'),
    });
  });
});

describe('convertToLlm', () => {
  it('wraps compaction and branch summaries in pi\'s exact texts (C34)', () => {
    const converted = convertToLlm([
      { role: 'compactionSummary', summary: 'S', tokensBefore: 1, timestamp: 1 },
      { role: 'branchSummary', summary: 'S', fromId: 'x', timestamp: 2 },
    ]);
    assert.deepEqual(converted, [
      {
        role: 'user',
        content: [{ type: 'text', text: 'The conversation history before this point was compacted into the following summary:\n\n<summary>\nS\n</summary>' }],
        timestamp: 1,
      },
      {
        role: 'user',
        content: [{ type: 'text', text: 'The following is a summary of a branch that this conversation came back from:\n\n<summary>\nS</summary>' }],
        timestamp: 2,
      },
    ]);
  });

  it('turns bash executions into user text and drops excluded ones (C35)', () => {
    const converted = convertToLlm([
      bash('ls', '', { exitCode: 2, truncated: true, fullOutputPath: '/tmp/x', timestamp: 5 }),
      bash('sleep', 'o', { cancelled: true, exitCode: undefined, timestamp: 6 }),
      bash('secret', 'x', { excludeFromContext: true }),
    ]);
    assert.deepEqual(converted, [
      { role: 'user', content: [{ type: 'text', text: 'Ran `ls`\n(no output)\n\nCommand exited with code 2\n\n[Output truncated. Full output: /tmp/x]' }], timestamp: 5 },
      { role: 'user', content: [{ type: 'text', text: 'Ran `sleep`\n```\no\n```\n\n(command cancelled)' }], timestamp: 6 },
    ]);
  });

  it('turns custom messages into user messages, keeping array content', () => {
    const converted = convertToLlm([
      { role: 'custom', customType: 'n', content: 'plain', display: false, timestamp: 1 },
      { role: 'custom', customType: 'n', content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], display: true, timestamp: 2 },
    ]);
    assert.deepEqual(converted, [
      { role: 'user', content: [{ type: 'text', text: 'plain' }], timestamp: 1 },
      { role: 'user', content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }], timestamp: 2 },
    ]);
  });
});
