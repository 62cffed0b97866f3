import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

interface ContextJson {
  leafId: string | null;
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
  messages: { role: string; text: string }[];
}

const SYNTHETIC = fixturePath('synthetic-branched.jsonl');

describe('arbor context', () => {
  const tmp = useTempDir();

  it('builds the synthetic fixture context at the current position', async () => {
    const context = await arborJson<ContextJson>('context', SYNTHETIC);
    assert.equal(context.leafId, 'l03');
    assert.equal(context.thinkingLevel, 'medium');
    assert.deepEqual(context.model, { provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
    assert.deepEqual(
      context.messages.map((m) => m.role),
      ['compactionSummary', 'user', 'bashExecution', 'custom', 'assistant', 'toolResult', 'user', 'assistant', 'assistant'],
    );
  });

  it('gives bash runs as the model sees them, summaries raw and custom messages by their text', async () => {
    const context = await arborJson<ContextJson>('context', SYNTHETIC);
    assert.equal(context.messages[1]!.text, 'Write tests for src/a.ts instead');
    assert.equal(context.messages[2]!.text, 'Ran `npm test`\n```\n1 passing\n\n```');
    assert.equal(context.messages[3]!.text, 'Remember: tests live in test/');
    assert.ok(context.messages[0]!.text.startsWith('## Goal\nRefactor src/a.ts and add tests'));
    assert.equal(context.messages[8]!.text, '');
  });

  it('follows --at to another branch, and --leaf, its older name, to the same place', async () => {
    const context = await arborJson<ContextJson>('context', SYNTHETIC, '--at', 'e14');
    assert.deepEqual(await arborJson<ContextJson>('context', SYNTHETIC, '--leaf', 'e14'), context);
    assert.equal(context.leafId, 'e14');
    assert.deepEqual(
      context.messages.map((m) => m.role),
      ['user', 'assistant', 'toolResult', 'toolResult', 'assistant', 'toolResult', 'assistant', 'user', 'assistant', 'toolResult', 'assistant'],
    );
    assert.equal(context.messages[10]!.text, 'Docs written.');
  });

  it('reads a migrated v1 file: compaction index resolved, hookMessage as custom', async () => {
    const context = await arborJson<ContextJson>('context', fixturePath('legacy-v1.jsonl'));
    assert.deepEqual(
      context.messages.map((m) => [m.role, m.text]),
      [
        ['compactionSummary', 'Summary of the first exchange'],
        ['user', 'second question'],
        ['assistant', 'second answer'],
        ['custom', 'hook says hi'],
        ['user', 'third question'],
        ['assistant', 'third answer'],
      ],
    );
    assert.equal(context.thinkingLevel, 'high');
  });

  it('joins text blocks with a newline and leaves thinking and tool calls out of assistant text', async () => {
    const file = path.join(tmp(), 's.jsonl');
    const lines = [
      { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' },
      { type: 'message', id: 'u1', parentId: null, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'plain string', timestamp: 1 } },
      {
        type: 'message',
        id: 'a1',
        parentId: 'u1',
        timestamp: '2026-01-01T00:00:02.000Z',
        message: {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm' },
            { type: 'text', text: 'one' },
            { type: 'toolCall', id: 't', name: 'read', arguments: { path: 'a' } },
            { type: 'text', text: 'two' },
          ],
          api: 'x',
          provider: 'p',
          model: 'm',
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
          stopReason: 'toolUse',
          timestamp: 2,
        },
      },
    ];
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const context = await arborJson<ContextJson>('context', file);
    assert.deepEqual(context.messages, [
      { role: 'user', text: 'plain string' },
      { role: 'assistant', text: 'one\ntwo' },
    ]);
    assert.deepEqual(context.model, { provider: 'p', modelId: 'm' });
  });

  it('rejects an unknown --at (or --leaf) with exit 2 and one line naming the file', async () => {
    for (const flag of ['--at', '--leaf']) {
      const run = await arbor('context', SYNTHETIC, flag, 'nope');
      assert.equal(run.code, 2);
      assert.equal(run.stdout, '');
      assert.equal(run.stderr, `arbor context: ${SYNTHETIC}: --at nope: no entry with that id\n`);
    }
  });

  it('refuses --at and --leaf together: they are one option', async () => {
    const run = await arbor('context', SYNTHETIC, '--at', 'e14', '--leaf', 'l03');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /option --at given twice \(--leaf is the same option\)/);
  });

  it('prints numbered messages for people', async () => {
    const run = await arbor('context', fixturePath('legacy-v1.jsonl'));
    assert.match(run.stdout, /^context at [0-9a-f]{8}: 6 messages, model anthropic\/claude-sonnet-4-5, thinking high\n/);
    assert.match(run.stdout, /\n\[4\] custom\n {4}hook says hi\n/);
  });
});
