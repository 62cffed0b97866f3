import { strict as assert } from 'node:assert';
import { composeSystemPrompt, defaultSystemPrompt, NO_PROMPT_PARTS } from '../../../src/core/agent/systemPrompt';
import type { ToolSpec } from '../../../src/core/llm/provider';
import { importPiFile } from '../../support/pi';

const spec = (name: string): ToolSpec => ({ name, description: `${name} tool`, inputSchema: { type: 'object', properties: {} } });
const specs = (...names: string[]): ToolSpec[] => names.map(spec);

describe('the default system prompt', () => {
  it('says the file tools stay in the project folder and bash is not confined to it', () => {
    const prompt = defaultSystemPrompt(specs('read', 'bash', 'edit'));
    const lines = prompt.split('\n');
    assert.deepEqual(
      lines.filter((line) => /project folder/.test(line)),
      [
        '- Paths are relative to the project folder, the working directory named at the end of this prompt.',
        '- read and edit only reach files inside the project folder.',
        "- bash starts in the project folder but is not confined to it: a command can read and change anything the user's account can. Keep commands to the project unless the user asks otherwise, and run nothing destructive (deleting files, rewriting history) unless asked.",
      ],
    );
    assert.doesNotMatch(prompt, /cannot reach outside/);
  });

  it('claims no confinement for tools it does not have: no bash line without bash, no file-tool line with bash alone', () => {
    const withoutBash = defaultSystemPrompt(specs('read', 'ls'));
    assert.match(withoutBash, /^- read and ls only reach files inside the project folder\.$/m);
    assert.doesNotMatch(withoutBash, /\bbash\b|\bedit\b|\bwrite\b|approve/);
    const bashOnly = defaultSystemPrompt(specs('bash'));
    assert.doesNotMatch(bashOnly, /only reach files inside/);
    assert.match(bashOnly, /^- bash starts in the project folder but is not confined to it/m);
  });

  it('says no tools are available when there are none, and claims nothing about their reach', () => {
    assert.equal(
      composeSystemPrompt({ root: '/p', tools: [] }, NO_PROMPT_PARTS),
      "You are a coding assistant working in the user's project from inside their editor (VS Code, with the Arbor extension). You help by reading and searching the code, changing files, running commands and answering questions about the project.\n\n<tools>\nNone in this conversation: answer from what you are told and from the conversation so far.\n</tools>\n\n<rules>\n- Be brief: say what you did or found in a few sentences, name files by their paths, and show code only where it helps.\n</rules>\n\n<cwd>\n/p\n</cwd>",
    );
  });

  it('is the same text every time for the same folder and tools (the prompt cache keeps hitting)', () => {
    const prompt = composeSystemPrompt({ root: '/p', tools: specs('read', 'write', 'bash') }, NO_PROMPT_PARTS);
    assert.equal(prompt, composeSystemPrompt({ root: '/p', tools: specs('read', 'write', 'bash') }, NO_PROMPT_PARTS));
    assert.doesNotMatch(prompt, /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|Current date/);
  });
});

describe('the sections the tools add to the system prompt', () => {
  it("come after <cwd>, where pi puts an extension's sections, also when SYSTEM.md replaces the preamble (as pi builds it)", async () => {
    const { buildSystemPrompt } = await importPiFile<{ buildSystemPrompt(input: object): string }>('core/system-prompt.js');
    const parts = { systemPrompt: { content: 'Custom.' }, appendSystemPrompt: { content: 'Also this.' }, contextFiles: [{ path: '/p/AGENTS.md', content: 'Rules.' }] };
    const servers = '- mcp__docs (tool_search): Project docs.';
    assert.equal(
      composeSystemPrompt({ root: '/p', tools: specs('read'), sections: [{ name: 'mcp_servers', text: servers }] }, parts),
      buildSystemPrompt({ customPrompt: 'Custom.', appendSystemPrompt: 'Also this.', contextFiles: parts.contextFiles, cwd: '/p', sections: { mcp_servers: servers } }),
    );
  });

  it('follow the default prompt too, and one without text leaves the prompt as it was', () => {
    const input = { root: '/p', tools: specs('read') };
    const plain = composeSystemPrompt(input, NO_PROMPT_PARTS);
    assert.equal(composeSystemPrompt({ ...input, sections: [{ name: 'mcp_servers', text: 'Servers.' }] }, NO_PROMPT_PARTS), `${plain}\n\n<mcp_servers>\nServers.\n</mcp_servers>`);
    assert.equal(composeSystemPrompt({ ...input, sections: [{ name: 'mcp_servers', text: '' }] }, NO_PROMPT_PARTS), plain);
  });
});
