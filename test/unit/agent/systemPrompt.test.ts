import { strict as assert } from 'node:assert';
import { defaultSystemPrompt } from '../../../src/core/agent/systemPrompt';
import type { ToolSpec } from '../../../src/core/llm/provider';

const spec = (name: string): ToolSpec => ({ name, description: `${name} tool`, inputSchema: { type: 'object', properties: {} } });

describe('the default system prompt', () => {
  it('says the file tools stay in the project folder and bash is not confined to it', () => {
    const prompt = defaultSystemPrompt({ root: '/work/project', tools: ['read', 'bash', 'edit'].map(spec) });
    assert.equal(
      prompt,
      [
        "You are a coding assistant working in the user's project inside their editor.",
        'The project folder is /work/project; relative paths are resolved against it.',
        'Tools available: read, bash, edit.',
        'read, edit cannot reach outside the project folder.',
        "bash starts in the project folder but is not confined to it: a command can read and change anything the user's account can, so keep commands to the project unless the user asks otherwise.",
        'Read files before changing them, make focused changes, and say briefly what you did.',
      ].join('\n'),
    );
  });

  it('claims no confinement for tools it does not have: no bash line without bash, no file-tool line with bash alone', () => {
    const withoutBash = defaultSystemPrompt({ root: '/p', tools: ['read', 'ls'].map(spec) });
    assert.match(withoutBash, /^read, ls cannot reach outside the project folder\.$/m);
    assert.doesNotMatch(withoutBash, /bash/);
    const bashOnly = defaultSystemPrompt({ root: '/p', tools: [spec('bash')] });
    assert.doesNotMatch(bashOnly, /cannot reach outside/);
    assert.match(bashOnly, /^bash starts in the project folder but is not confined to it/m);
  });

  it('says no tools are available when there are none, and claims nothing about their reach', () => {
    assert.equal(
      defaultSystemPrompt({ root: '/p', tools: [] }),
      "You are a coding assistant working in the user's project inside their editor.\nThe project folder is /p; relative paths are resolved against it.\nNo tools are available in this conversation: answer from what you are told.",
    );
  });

  it('is the same text every time for the same folder and tools (the prompt cache keeps hitting)', () => {
    const input = { root: '/p', tools: ['read', 'write', 'bash'].map(spec) };
    assert.equal(defaultSystemPrompt(input), defaultSystemPrompt({ root: '/p', tools: ['read', 'write', 'bash'].map(spec) }));
    assert.doesNotMatch(defaultSystemPrompt(input), /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}/);
  });
});
