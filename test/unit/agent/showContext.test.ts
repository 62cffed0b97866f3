/**
 * Show Context against the real request: the document is built by the code that builds the
 * request, so the next request the fake server receives carries exactly its system prompt, tools
 * and messages (plus the new prompt); and its parts add up to the meter's reading. Real files, a
 * real project context, the real SDK against the fake Anthropic server.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AgentSession, contextDocument } from '../../../src/core/agent';
import { createTools } from '../../../src/core/agent/tools/registry';
import { ProjectPrompt } from '../../../src/core/context';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, type Json } from '../../../src/core/session';
import { piEstimator } from '../../../src/core/tokens';
import { bash } from '../../support/builders';
import { readContextDocument, withoutCacheMarks } from '../../support/contextDocument';
import { countInputTokens, reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';

describe('Show Context', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  async function agentInProject(): Promise<AgentSession> {
    const root = path.join(dir(), 'project');
    const agentDir = path.join(dir(), 'agent');
    fs.mkdirSync(root);
    fs.mkdirSync(agentDir);
    fs.writeFileSync(path.join(root, 'AGENTS.md'), `Use tabs. [run](command:workbench.action.terminal.new)\n${'Rule. '.repeat(200)}`);
    fs.writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;\n');
    const session = await createSessionFile({ dir: path.join(dir(), 'sessions'), cwd: root, clock: () => new Date() });
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => Date.now(), retry: { maxAttempts: 1 } });
    return AgentSession.create({
      session,
      provider,
      settings: { model: 'claude-sonnet-4-5' },
      tools: createTools({ only: ['read', 'ls'] }),
      systemPrompt: new ProjectPrompt({ cwd: root, agentDir, trusted: true, contextFiles: true, home: dir() }),
      estimator: piEstimator,
      clock: () => new Date(),
      root,
      delay: async () => undefined,
    });
  }

  it('shows exactly what the next request sends, and its parts add up to the meter', async () => {
    const agent = await agentInProject();
    server().script(reply(toolUse('read', { path: 'a.ts' })), text('It exports a.'));
    await agent.prompt('What does a.ts export?');
    // Something after the last reply, so part of the count is estimated.
    await agent.session.appendMessage({ ...bash('ls', 'a.ts\nAGENTS.md\n'.repeat(20)), timestamp: Date.now() });

    const report = await agent.showContext();
    const status = agent.status();
    assert.equal(report.breakdown.total, status.contextTokens);
    assert.equal(report.breakdown.parts.reduce((sum, part) => sum + part.tokens, 0), status.contextTokens);
    assert.deepEqual(report.breakdown.parts.map((part) => part.kind), ['system', 'contextFile', 'tools', 'messages']);
    assert.ok(status.reportedTokens > 0 && status.estimatedTokens > 0);
    const shown = readContextDocument(contextDocument(report));

    server().script(text('Done.'));
    await agent.prompt('And now?');
    const body = server().lastRequest().body!;
    const messages = body.messages as Json[];
    assert.equal(shown.system, (body.system as { text: string }[])[0]!.text);
    assert.ok(shown.system.includes('[run](command:workbench.action.terminal.new)'), 'the context file is shown as sent');
    assert.deepEqual(withoutCacheMarks(shown.messages), withoutCacheMarks(messages.slice(0, -1)));
    assert.deepEqual(messages.at(-1), { role: 'user', content: [{ type: 'text', text: 'And now?', cache_control: { type: 'ephemeral' } }] });
    assert.deepEqual(shown.tools, body.tools);
    assert.deepEqual(shown.parameters, { model: body.model, max_tokens: body.max_tokens, stream: true, ...(body.thinking ? { thinking: body.thinking } : {}) });
    agent.dispose();
  });

  it("estimates the part after the last reply within the meter's own error of what the server then counts", async () => {
    const agent = await agentInProject();
    server().script(reply(toolUse('read', { path: 'a.ts' })), text('It exports a.'));
    await agent.prompt('What does a.ts export?');
    await agent.session.appendMessage({ ...bash('ls', 'a.ts\nAGENTS.md\n'.repeat(20)), timestamp: Date.now() });
    const { breakdown, status } = await agent.showContext();
    server().script(text('Done.'));
    await agent.prompt('And now?');
    const body = server().lastRequest().body!;
    const messages = body.messages as Json[];
    // What the server counts for the request without the new prompt: the context the meter measured.
    const truth = countInputTokens({ ...body, messages: messages.slice(0, -1) });
    const meterError = status.contextTokens - truth;
    const estimated = breakdown.parts.reduce((sum, part) => sum + part.estimated, 0);
    assert.equal(estimated, status.estimatedTokens);
    // Measured: meter 994 against 1,026 counted (−3.1 %); the estimated part 76 against 108. The
    // breakdown's estimated parts add up to the meter's estimate, so they carry its error, no more.
    assert.ok(Math.abs(meterError) <= 0.05 * truth, `meter ${status.contextTokens}, server ${truth}`);
    agent.dispose();
  });
});
