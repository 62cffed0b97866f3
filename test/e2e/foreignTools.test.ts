// A session that called tools Arbor does not have (pi 1.6's MCP tools, its codemode): the chat
// names each such call as not Arbor's, and continuing the session says in the chat, in plain
// words, which tools the model cannot call here; the request still goes out and is answered.
import * as assert from 'node:assert/strict';
import { createSessionFile } from '../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../support/builders';
import { assertNoProblems, chatNotices, conversationText, projectSessionsDir, requestMessages, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { text } from '../support/fakeAnthropic';
import { poll } from './support/workbench';

const FIRST = 'Search the docs and then script the lookup';
const LAST_REPLY = 'The docs say sessions are trees.';
const CONTINUED = 'Continuing without those tools.';

/** A session as pi 1.6 leaves it after calls of an MCP server's tool and of codemode. */
async function sessionWithForeignCalls(): Promise<string> {
  const session = await createSessionFile({ dir: projectSessionsDir(), cwd: workbench().workspaceDir });
  await session.appendMessage(user(FIRST));
  const search = toolCall('mcp__docs__search_pages', { query: 'sessions' }, 'toolu_mcp_1');
  await session.appendMessage(assistant([search], { stopReason: 'toolUse' }));
  await session.appendMessage(toolResult(search, 'three pages about sessions'));
  const script = toolCall('codemode', { code: 'lookup()' }, 'toolu_code_1');
  await session.appendMessage(assistant([script], { stopReason: 'toolUse' }));
  await session.appendMessage(toolResult(script, 'looked up'));
  await session.appendMessage(assistant(LAST_REPLY));
  await session.sync();
  return session.file!;
}

describe('calls of tools Arbor does not have', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('marks them in the chat, and continuing the session names the missing tools in a notice while the request goes out', async () => {
    const wb = workbench();
    const file = await sessionWithForeignCalls();
    await wb.browseForSession();
    await wb.answerFileDialog(file);
    const shown = await waitForText(LAST_REPLY);
    assert.ok(shown.includes('docs/search_pages (an MCP tool)'), shown);
    assert.ok(shown.includes("codemode (pi's scripted tool calls)"), shown);
    assert.equal(shown.match(/not an Arbor tool/g)?.length, 2, shown);
    assert.doesNotMatch(await chatNotices(), /tools Arbor does not have/);

    fake().script(text(CONTINUED));
    await send('Go on with what you found');
    const notice = await poll('the chat to name the missing tools', async () => {
      const said = (await chatNotices()).replace(/\s+/g, ' ');
      return said.includes('tools Arbor does not have') ? said : undefined;
    });
    assert.ok(
      notice.includes(
        "This conversation called tools Arbor does not have: codemode (pi's scripted tool calls), docs/search_pages (an MCP tool). Their earlier calls and results stay in the conversation; a new call to one fails (the tool is not found).",
      ),
      notice,
    );
    await waitForText(CONTINUED);
    // The earlier calls and their results went to the model as they were.
    const sent = JSON.stringify(requestMessages());
    for (const part of ['"name":"mcp__docs__search_pages"', 'three pages about sessions', '"name":"codemode"', 'looked up']) assert.ok(sent.includes(part), `${part} in ${sent}`);
    assert.ok((await conversationText()).includes(CONTINUED));
    assertNoProblems();
  });
});
