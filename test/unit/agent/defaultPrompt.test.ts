import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, composeSystemPrompt, defaultSystemPrompt, NO_PROMPT_PARTS } from '../../../src/core/agent';
import { createTools, toolSpecs } from '../../../src/core/agent/tools/registry';
import type { Tool } from '../../../src/core/agent/tools/tool';
import { ProjectPrompt } from '../../../src/core/context';
import { inMemorySession } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { steppingClock } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { echoTool } from './support/fakeTools';
import { call, calls, ScriptedProvider, text } from './support/scriptedProvider';

const ALL_TOOLS = toolSpecs(createTools());

describe("Arbor's default system prompt", () => {
  it('says what each tool is for, how to explore and edit, that paths are relative, that bash is not confined, and to be brief', () => {
    assert.equal(
      defaultSystemPrompt(ALL_TOOLS),
      [
        "You are a coding assistant working in the user's project from inside their editor (VS Code, with the Arbor extension). You help by reading and searching the code, changing files, running commands and answering questions about the project.",
        '',
        '<tools>',
        '- read: read a file (text, or an image); a long file comes in parts: ask for the rest with offset and limit.',
        '- bash: run a shell command and get its output (long output keeps its end).',
        '- edit: change a file by replacing exact pieces of its text.',
        '- write: create a file, or replace all of a file.',
        '- grep: search file contents for a regular expression or a literal text; skips what .gitignore ignores.',
        '- find: find files by name with a glob pattern; skips what .gitignore ignores.',
        '- ls: list a folder.',
        '</tools>',
        '',
        '<rules>',
        '- Paths are relative to the project folder, the working directory named at the end of this prompt.',
        '- Look around with ls, find and grep rather than bash: their output is bounded and they skip ignored files.',
        '- Read a file before you change it, enough of it to know what your change touches.',
        "- Change existing files with edit: each oldText must match the file's text exactly, whitespace and indentation included, and occur in it only once; take a few lines around the change to make it unique.",
        '- Use write for new files, or when you rewrite most of a file.',
        '- After changing code, check it the way the project does (its tests, type checker or build) when that is quick.',
        '- read, ls, find, grep, edit and write only reach files inside the project folder.',
        "- bash starts in the project folder but is not confined to it: a command can read and change anything the user's account can. Keep commands to the project unless the user asks otherwise, and run nothing destructive (deleting files, rewriting history) unless asked.",
        '- The user may have to approve bash, edit and write first. When a call is denied, do not repeat it: say what you wanted to do and why.',
        '- Be brief: say what you did or found in a few sentences, name files by their paths, and show code only where it helps.',
        '</rules>',
      ].join('\n'),
    );
  });

  it('says that no tools are available when none are offered (an untrusted workspace)', () => {
    assert.match(defaultSystemPrompt([]), /\n\n<tools>\nNone in this conversation: answer from what you are told and from the conversation so far\.\n<\/tools>\n\n<rules>\n- Be brief: [^\n]*\n<\/rules>$/);
  });

  it('holds no date, time or counter: the same text for the same tools, whenever it is built', () => {
    const prompt = composeSystemPrompt({ root: '/work/project', tools: ALL_TOOLS }, NO_PROMPT_PARTS);
    assert.equal(prompt, composeSystemPrompt({ root: '/work/project', tools: toolSpecs(createTools()) }, NO_PROMPT_PARTS));
    assert.doesNotMatch(prompt, /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|Current date/);
    assert.ok(prompt.endsWith('\n\n<cwd>\n/work/project\n</cwd>'));
  });

  it('lets SYSTEM.md replace it (an empty one does not), appends APPEND_SYSTEM.md, and writes the folder with forward slashes', () => {
    const input = { root: 'C:\\src\\app', tools: ALL_TOOLS };
    assert.equal(
      composeSystemPrompt(input, { systemPrompt: { content: 'Custom.' }, appendSystemPrompt: { content: 'Also this.' }, contextFiles: [{ path: '/p/AGENTS.md', content: 'Rules.' }] }),
      'Custom.\n\n<addendum>\nAlso this.\n</addendum>\n\n<project_context>\nProject-specific instructions and guidelines:\n\n<project_instructions path="/p/AGENTS.md">\nRules.\n</project_instructions>\n</project_context>\n\n<cwd>\nC:/src/app\n</cwd>',
    );
    assert.ok(composeSystemPrompt(input, { systemPrompt: { content: '' }, contextFiles: [] }).startsWith(defaultSystemPrompt(ALL_TOOLS)));
  });
});

describe('the system prompt of agent requests', () => {
  const dir = useTempDir();

  it("asks its source before every request, so an AGENTS.md edited during a tool loop applies from the next request", async () => {
    const workspace = path.join(dir(), 'ws');
    mkdirSync(workspace);
    writeFileSync(path.join(workspace, 'AGENTS.md'), 'Use tabs.\n');
    const echo = echoTool();
    const tool: Tool = {
      ...echo,
      execute: (args, context) => {
        writeFileSync(path.join(workspace, 'AGENTS.md'), 'Use spaces.\n');
        return echo.execute(args, context);
      },
    };
    const provider = new ScriptedProvider([calls([call('echo', { text: 'x' }, 't1')]), text('Done.')]);
    const clock = steppingClock();
    const agent = new AgentSession({
      session: inMemorySession(workspace, clock),
      provider,
      tools: [tool],
      settings: { model: 'claude-sonnet-4-5' },
      clock,
      root: workspace,
      systemPrompt: new ProjectPrompt({ cwd: workspace, agentDir: path.join(dir(), 'agent'), trusted: true, contextFiles: true, home: dir() }),
    });
    await agent.prompt('go');
    const [first, second] = provider.requests.map((request) => request.systemPrompt);
    assert.ok(first!.includes(`<project_instructions path="${workspace}/AGENTS.md">\nUse tabs.\n\n</project_instructions>`), first);
    assert.ok(second!.includes(`<project_instructions path="${workspace}/AGENTS.md">\nUse spaces.\n\n</project_instructions>`), second);
    assert.equal(first!.replace('Use tabs.', 'Use spaces.'), second);
  });

  it('takes a new configuration\'s prompt source from the next request on, without a new agent', async () => {
    const workspace = path.join(dir(), 'ws');
    mkdirSync(workspace);
    writeFileSync(path.join(workspace, 'AGENTS.md'), 'Use tabs.\n');
    const provider = new ScriptedProvider([text('One.'), text('Two.')]);
    const clock = steppingClock();
    const settings = { model: 'claude-sonnet-4-5' };
    const agent = new AgentSession({ session: inMemorySession(workspace, clock), provider, tools: [], settings, clock, root: workspace });
    await agent.prompt('first');
    const source = new ProjectPrompt({ cwd: workspace, agentDir: path.join(dir(), 'agent'), trusted: true, contextFiles: true, home: dir() });
    agent.configure({ provider, settings, tools: [], allowedTools: [], estimator: piEstimator, root: workspace, systemPrompt: source });
    await agent.prompt('second');
    const [first, second] = provider.requests.map((request) => request.systemPrompt);
    assert.equal(first, composeSystemPrompt({ root: workspace, tools: [] }, NO_PROMPT_PARTS));
    assert.equal(second, composeSystemPrompt({ root: workspace, tools: [] }, { contextFiles: [{ path: path.join(workspace, 'AGENTS.md'), content: 'Use tabs.\n' }] }));
  });

  it('is the default prompt with the working directory when no source is given', async () => {
    const provider = new ScriptedProvider([text('Hi.')]);
    const clock = steppingClock();
    const agent = new AgentSession({ session: inMemorySession('/work/project', clock), provider, tools: [], settings: { model: 'claude-sonnet-4-5' }, clock, root: '/work/project' });
    await agent.prompt('hello');
    assert.equal(provider.requests[0]!.systemPrompt, `${defaultSystemPrompt([])}\n\n<cwd>\n/work/project\n</cwd>`);
  });
});
