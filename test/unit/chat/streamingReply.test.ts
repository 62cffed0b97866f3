import { strict as assert } from 'node:assert';
import { applyDelta, startReply, STREAMING_ID, summarizeArgs } from '../../../src/core/chat';

describe('chat render model: the streamed reply', () => {
  it('grows text and thinking blocks from deltas, in block order', () => {
    const reply = startReply('claude-sonnet-4-5');
    applyDelta(reply, { kind: 'thinking', index: 0, delta: 'Let me ' });
    applyDelta(reply, { kind: 'thinking', index: 0, delta: 'think.' });
    applyDelta(reply, { kind: 'text', index: 1, delta: '# Hi' });
    applyDelta(reply, { kind: 'text', index: 1, delta: '\n\nthere' });
    assert.deepEqual(reply, {
      kind: 'assistant',
      id: STREAMING_ID,
      blocks: [
        { type: 'thinking', text: 'Let me think.', redacted: false },
        { type: 'text', text: '# Hi\n\nthere' },
      ],
      model: 'claude-sonnet-4-5',
      branchPointId: STREAMING_ID,
      streaming: true,
    });
  });

  it('shows a tool call as soon as it starts, its key argument as soon as it can be read', () => {
    const reply = startReply('m');
    applyDelta(reply, { kind: 'toolCall', index: 0, toolCallId: 't1', name: 'read' });
    applyDelta(reply, { kind: 'toolArgs', index: 0, delta: '{"pa' });
    assert.deepEqual(reply.blocks[0], { type: 'toolCall', toolCallId: 't1', name: 'read', summary: '', args: '{"pa', status: 'pending' });
    applyDelta(reply, { kind: 'toolArgs', index: 0, delta: 'th": "src/ma' });
    applyDelta(reply, { kind: 'toolArgs', index: 0, delta: 'in.ts"}' });
    assert.deepEqual(reply.blocks[0], { type: 'toolCall', toolCallId: 't1', name: 'read', summary: 'src/main.ts', args: '{"path": "src/main.ts"}', status: 'pending' });
  });

  it('fills a skipped block index so the item stays plain data', () => {
    const reply = startReply('m');
    applyDelta(reply, { kind: 'text', index: 2, delta: 'late' });
    assert.deepEqual(reply.blocks, [
      { type: 'text', text: '' },
      { type: 'text', text: '' },
      { type: 'text', text: 'late' },
    ]);
  });

  it('drops argument deltas that have no tool call to go to', () => {
    const reply = startReply('m');
    applyDelta(reply, { kind: 'text', index: 0, delta: 'a' });
    applyDelta(reply, { kind: 'toolArgs', index: 0, delta: '{"path":"x"}' });
    assert.deepEqual(reply.blocks, [{ type: 'text', text: 'a' }]);
  });
});

describe('chat render model: tool arguments in short', () => {
  it('names the path, the command, the pattern and where', () => {
    assert.equal(summarizeArgs('read', { path: 'src/a.ts', offset: 10 }), 'src/a.ts');
    assert.equal(summarizeArgs('bash', { command: 'git status' }), 'git status');
    assert.equal(summarizeArgs('grep', { pattern: 'TODO', path: 'src' }), 'TODO in src');
    assert.equal(summarizeArgs('find', { pattern: '*.ts' }), '*.ts');
    assert.equal(summarizeArgs('custom_tool', { n: 1, query: 'weather' }), 'weather');
    assert.equal(summarizeArgs('read', {}), '');
  });

  it('cuts a long first line to 80 characters', () => {
    const summary = summarizeArgs('bash', { command: 'x'.repeat(200) });
    assert.equal(summary, `${'x'.repeat(79)}…`);
  });
});
