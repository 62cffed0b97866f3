// The project's instructions in the real extension host, at the fake Anthropic server: the system
// prompt of a request carries the context files pi loads for the workspace (the global one in pi's
// agent folder first), the same prompt `arbor run` sends, and an edit to AGENTS.md applies from
// the next request. pi's agent folder and the home folder are the run's temp folder (the launcher sets them).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTools, toolSpecs } from '../../src/core/agent/tools/registry';
import { ProjectPrompt } from '../../src/core/context';
import { text } from '../support/fakeAnthropic';
import { configure, send, useAgent } from './agentSupport';
import { piAgentDir, usePlantedFiles, workspaceFile } from './support';

describe('Project context', () => {
  const agent = useAgent();
  const { plant } = usePlantedFiles();
  const systemText = (index = -1): string => (agent.server().messageRequests().at(index)!.body!.system as { text: string }[])[0]!.text;

  it('sends the context files pi loads, global first, as arbor run would, and an edited AGENTS.md from the next request on', async () => {
    // As `arbor run` would: the CLI has no editor tools (the test runner registers one), so none here.
    await configure({ 'mcp.editorTools': false });
    const workspace = path.dirname(workspaceFile('AGENTS.md'));
    plant(path.join(piAgentDir(), 'AGENTS.md'), 'Global rules from the agent folder.\n');
    plant(workspaceFile('AGENTS.md'), 'Workspace rules.\n');
    agent.server().script(text('One.'), text('Two.'));
    await send(agent.host(), 'first');
    const expected = await new ProjectPrompt({ cwd: workspace, agentDir: piAgentDir(), trusted: true, contextFiles: true, home: os.homedir() }).systemPrompt({ root: workspace, tools: toolSpecs(createTools()) });
    assert.equal(systemText(), expected);
    assert.ok(systemText().indexOf('Global rules from the agent folder.') < systemText().indexOf('Workspace rules.'));
    fs.writeFileSync(workspaceFile('AGENTS.md'), 'Workspace rules, edited.\n');
    await send(agent.host(), 'second');
    assert.equal(systemText(-1), systemText(0).replace('Workspace rules.', 'Workspace rules, edited.'));
  });

  it('sends no context file with arbor.contextFiles off', async () => {
    plant(workspaceFile('AGENTS.md'), 'Workspace rules.\n');
    await configure({ contextFiles: false });
    try {
      agent.server().script(text('One.'));
      await send(agent.host(), 'hello');
      assert.doesNotMatch(systemText(), /<project_context>|Workspace rules/);
    } finally {
      await configure({ contextFiles: undefined });
    }
  });
});
