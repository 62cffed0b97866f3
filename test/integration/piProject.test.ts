// Arbor knows the project as pi does, in the real extension host, with pi 1.6.0 as the oracle:
// the context files at the fake server are exactly those pi's loadProjectContextFiles returns (a
// sibling folder's never), the chat lists the same files, pi's settings set the compaction values
// the agent uses (an Arbor setting wins, a broken file is told and passed over), and a new session
// lands in pi's own folder for the workspace, where pi's SessionManager.list finds it.
//
// The harness runs every suite in a trusted workspace (code-server is started with trust off), so
// an untrusted workspace is covered by the unit tests of ProjectContext and readPiSettings.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EffectiveCompactionSettings } from '../../src/core/context';
import type { ArborTesting } from '../../src/vscode/testing';
import { text } from '../support/fakeAnthropic';
import { configure, send, useAgent, contextStatus } from './agentSupport';
import { piContextFiles, piListSessions, piSessionDir } from './piOracle';
import { arborTesting, escapeRegExp, piAgentDir, until, usePlantedFiles, waitForLog, workspaceFile } from './support';

async function project(): Promise<ArborTesting['project']> {
  return (await arborTesting()).project;
}

describe("Arbor knows the project as pi does (pi's context files, settings and session folder)", () => {
  const agent = useAgent();
  const { plant, removeAfter, paths: planted } = usePlantedFiles();
  // After the planted files are gone (that hook is registered first): the chat's list forgets them.
  afterEach(async () => {
    await (await project()).refresh();
  });
  const systemText = (): string => (agent.server().messageRequests().at(-1)!.body!.system as { text: string }[])[0]!.text;
  const workspace = (): string => path.dirname(workspaceFile('x'));
  /** pi's global settings file holding `text`, and the compaction settings Arbor works out from it. */
  const withGlobalSettings = async (text: string): Promise<{ file: string; compaction: EffectiveCompactionSettings }> => {
    const file = path.join(piAgentDir(), 'settings.json');
    plant(file, text);
    const info = await project();
    await info.refresh();
    return { file, compaction: info.state!.compaction };
  };

  it("sends exactly the context files pi's loadProjectContextFiles returns, in its order, and the chat lists them", async () => {
    const parent = path.dirname(workspace());
    plant(path.join(piAgentDir(), 'AGENTS.md'), 'Global rules.\n');
    plant(path.join(parent, 'CLAUDE.md'), 'Parent rules, Claude style.\n');
    plant(workspaceFile('AGENTS.md'), 'Workspace rules.\n');
    plant(workspaceFile('CLAUDE.md'), 'Workspace Claude rules (never read: AGENTS.md comes first).\n');
    plant(path.join(parent, 'sibling', 'AGENTS.md'), 'Sibling rules.\n');
    removeAfter(path.join(parent, 'sibling'));
    // pi reads up to the root, Arbor up to the home folder (the run's folder, which holds the workspace and pi's agent folder).
    const expected = piContextFiles(workspace(), piAgentDir()).filter((file) => !path.relative(os.homedir(), file.path).startsWith('..'));
    // The planted ones among them, in this order.
    assert.deepEqual(
      expected.map((file) => file.path).filter((file) => planted.includes(file)),
      [path.join(piAgentDir(), 'AGENTS.md'), path.join(parent, 'CLAUDE.md'), workspaceFile('AGENTS.md')],
    );
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    const sections = expected.map((file) => `<project_instructions path="${file.path}">\n${file.content}\n</project_instructions>`).join('\n\n');
    assert.ok(systemText().includes(`<project_context>\nProject-specific instructions and guidelines:\n\n${sections}\n</project_context>`), systemText());
    assert.equal(systemText().match(/^<project_instructions /gm)?.length, expected.length);
    assert.doesNotMatch(systemText(), /Sibling rules|never read/);
    const info = await project();
    await info.refresh();
    assert.deepEqual(
      info.state?.files.filter((file) => file.role === 'instructions').map((file) => file.path),
      expected.map((file) => file.path),
    );
  });

  it('follows a context file written in a folder above the workspace, and its deletion, with nothing else happening', async () => {
    const info = await project();
    await info.refresh();
    const above = path.join(path.dirname(workspace()), 'AGENTS.md');
    const listed = (): boolean => info.state!.files.some((file) => file.path === above);
    assert.equal(listed(), false);
    plant(above, 'Rules from the folder above.\n');
    await until('the list to take the file above the workspace', listed, 20_000);
    fs.rmSync(above);
    await until('the list to let it go', () => !listed(), 20_000);
  });

  it("takes the compaction values from pi's global and project settings, with an Arbor setting over them, and the agent's threshold follows", async () => {
    plant(path.join(piAgentDir(), 'settings.json'), JSON.stringify({ compaction: { reserveTokens: 12345, keepRecentTokens: 3000 } }));
    plant(workspaceFile('.pi/settings.json'), JSON.stringify({ compaction: { keepRecentTokens: 4321 }, branchSummary: { reserveTokens: 999 } }));
    removeAfter(workspaceFile('.pi'));
    const info = await project();
    await info.refresh();
    const sourced = () => {
      const c = info.state!.compaction;
      return [c.enabled, c.reserveTokens, c.keepRecentTokens, c.branchSummaryReserveTokens].map(({ value, source }) => [value, source]);
    };
    assert.deepEqual(sourced(), [
      [true, 'default'],
      [12345, 'pi global'],
      [4321, 'pi project'],
      [999, 'pi project'],
    ]);
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    const status = await contextStatus();
    assert.equal(status?.threshold, status!.contextWindow! - 12345);
    await configure({ 'compaction.keepRecentTokens': 5000 });
    await info.refresh();
    assert.deepEqual(sourced()[2], [5000, 'arbor setting']);
  });

  it("takes pi's model override for the chat's model over the ordinary values, and the agent's threshold follows", async () => {
    // The suites chat with claude-haiku-4-5 (useAgent): only its override applies.
    plant(path.join(piAgentDir(), 'settings.json'), JSON.stringify({ compaction: { reserveTokens: 12345, modelOverrides: { 'anthropic/claude-haiku-4-5': { reserveTokens: 23456 }, 'anthropic/claude-sonnet-4-6': { reserveTokens: 1 } } } }));
    plant(workspaceFile('.pi/settings.json'), JSON.stringify({ compaction: { modelOverrides: { 'anthropic/claude-haiku-4-5': { keepRecentTokens: 0 } } } }));
    removeAfter(workspaceFile('.pi'));
    const info = await project();
    await info.refresh();
    const { reserveTokens, keepRecentTokens, modelKey } = info.state!.compaction;
    assert.deepEqual([reserveTokens, keepRecentTokens, modelKey], [
      { value: 23456, source: 'pi global model override' },
      { value: 0, source: 'pi project model override' },
      'anthropic/claude-haiku-4-5',
    ]);
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    const status = await contextStatus();
    assert.equal(status?.threshold, status!.contextWindow! - 23456);
  });

  it("moves in the tree without asking and without a summary when pi's branchSummary.skipPrompt is on, unless arbor.branchSummary is set", async () => {
    plant(path.join(piAgentDir(), 'settings.json'), JSON.stringify({ branchSummary: { skipPrompt: true } }));
    const info = await project();
    await info.refresh();
    assert.deepEqual(info.state!.compaction.branchSummary, { value: 'never', source: 'pi global' });
    agent.server().script(text('Teal.'), text('A pear.'));
    await send(agent.host(), 'Name a colour');
    await send(agent.host(), 'Name a fruit');
    const session = agent.host().session!;
    const [, teal] = session.getBranch().filter((entry) => entry.type === 'message');
    const requests = agent.server().messageRequests().length;
    // With the question asked, this would wait on a quick pick no one answers.
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', teal!.id), 'moved');
    assert.equal(agent.server().messageRequests().length, requests, 'no summary request');
    assert.ok(!session.getBranch().some((entry) => entry.type === 'branch_summary'), 'no branch summary');
    await configure({ branchSummary: 'always' });
    await info.refresh();
    assert.deepEqual(info.state!.compaction.branchSummary, { value: 'always', source: 'arbor setting' });
  });

  it("passes over a pi settings file that is not valid JSON, says so in the log naming the file, and uses the defaults", async () => {
    const { file, compaction } = await withGlobalSettings('{ "compaction": { "reserveTokens": 1');
    assert.deepEqual([compaction.reserveTokens.value, compaction.reserveTokens.source], [16384, 'default']);
    const told = new RegExp(`${escapeRegExp(file)} is not used: it is not valid JSON`);
    assert.match(await waitForLog(told), told);
  });

  it("passes over a value of the wrong type in pi's settings, tells it naming the file and the key, and uses the next source", async () => {
    const { file, compaction } = await withGlobalSettings('{ "compaction": { "keepRecentTokens": "lots" } }');
    assert.deepEqual([compaction.keepRecentTokens.value, compaction.keepRecentTokens.source], [20000, 'default']);
    const told = new RegExp(`${escapeRegExp(file)}: compaction\\.keepRecentTokens is "lots", not a whole number of tokens from 0 up; it is not used\\.`);
    assert.match(await waitForLog(told), told);
  });

  it("puts a new session into pi's own folder for the workspace, where pi's SessionManager.list finds it", async () => {
    await configure({ sessionsDirectory: undefined });
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    const file = agent.host().session!.file!;
    await agent.host().session!.flush();
    assert.equal(path.dirname(file), piSessionDir(workspace()));
    assert.equal(path.dirname(file), path.join(piAgentDir(), 'sessions', path.basename(path.dirname(file))));
    assert.ok(piListSessions(workspace()).includes(file), `pi does not list ${file}`);
  });

  it("puts a new session into the folder pi's global sessionDir setting names, where pi lists it", async () => {
    const dir = fs.mkdtempSync(path.join(path.dirname(piAgentDir()), 'pi-session-dir-'));
    removeAfter(dir);
    plant(path.join(piAgentDir(), 'settings.json'), JSON.stringify({ sessionDir: dir }));
    await configure({ sessionsDirectory: undefined });
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    const file = agent.host().session!.file!;
    await agent.host().session!.flush();
    assert.equal(path.dirname(file), dir);
    assert.ok(piListSessions(workspace(), dir).includes(file), `pi does not list ${file}`);
  });
});
