// The chat renders hostile content inertly: a corpus of script-injection payloads in a streamed
// reply, in tool output (an HTML file read by `read`), in a file name (listed by `ls`), in the
// user's own prompt, and in a session loaded from disk (its name from a session_info entry, its
// messages). No script runs (a sentinel global stays unset in every frame, no dialog opens), no
// remote image is fetched, no CSP violation is reported, and the chat's DOM holds no event
// handler attributes, no active elements and no javascript:/data:text/html links.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Dialog, Request } from 'playwright-core';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { allItems, assertNoProblems, chat, newSession, scrollThrough, send, waitForCardText, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import type { ConsoleProblem } from './support/consoleWatch';
import { poll } from './support/workbench';
import { HTML_FILE_CONTENT, HTML_FILE_NAME, MARKDOWN_REPLY, REMOTE_HOST, SENTINEL, SESSION_NAME, USER_PROMPT } from './support/xssCorpus';

interface DomFindings {
  handlers: string[];
  active: string[];
  badLinks: string[];
  remoteImages: string[];
}

/**
 * Everything in the chat document (now: a virtualized list holds what is on screen) that could
 * run script or reach outside. A string, so that the bundler's helpers stay out of the page.
 */
const FINDINGS_SCRIPT = `(() => {
  const root = document.getElementById('conversation') || document.body;
  const all = [...document.body.querySelectorAll('*')];
  const link = /^\\s*(javascript:|vbscript:|data:text\\/html)/i;
  return {
    handlers: all.filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).map((e) => e.outerHTML.slice(0, 160)),
    active: [...root.querySelectorAll('script, iframe, object, embed, base, meta, form, style, link, frame, frameset')].map((e) => e.outerHTML.slice(0, 160)),
    badLinks: all.filter((e) => ['href', 'src', 'xlink:href', 'action', 'formaction', 'data'].some((n) => link.test(e.getAttribute(n) || ''))).map((e) => e.outerHTML.slice(0, 160)),
    remoteImages: [...document.querySelectorAll('img, image, source, video, audio')].map((e) => e.getAttribute('src') || e.getAttribute('href') || '').filter((src) => /^(https?:)?\\/\\//i.test(src)),
  };
})()`;

async function domFindings(): Promise<DomFindings> {
  return (await chat()).evaluate(FINDINGS_SCRIPT) as Promise<DomFindings>;
}

/** The findings at every scroll position of the conversation, merged. */
async function domFindingsThroughout(): Promise<DomFindings> {
  const merged: DomFindings = { handlers: [], active: [], badLinks: [], remoteImages: [] };
  await scrollThrough(async () => {
    const found = await domFindings();
    for (const key of Object.keys(merged) as (keyof DomFindings)[]) for (const item of found[key]) if (!merged[key].includes(item)) merged[key].push(item);
  });
  return merged;
}

/** The sentinel's value in every frame of the page (undefined everywhere when nothing ran). */
async function sentinels(): Promise<string[]> {
  const found: string[] = [];
  for (const frame of workbench().page.frames()) {
    const value = await frame.evaluate((name) => (window as unknown as Record<string, unknown>)[name], SENTINEL).catch(() => undefined);
    if (value !== undefined) found.push(`${frame.url()}: ${String(value)}`);
  }
  return found;
}

describe('Security: hostile content renders inertly', () => {
  const dialogs: string[] = [];
  const remoteRequests: string[] = [];
  const onDialog = (dialog: Dialog): void => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  };
  const onRequest = (request: Request): void => {
    if (request.url().includes(REMOTE_HOST)) remoteRequests.push(request.url());
  };

  before(async () => {
    const wb = workbench();
    await wb.openArbor();
    wb.page.on('dialog', onDialog);
    wb.page.context().on('request', onRequest);
    fs.mkdirSync(path.join(wb.workspaceDir, 'xss'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceDir, 'xss', 'page.html'), HTML_FILE_CONTENT);
    fs.writeFileSync(path.join(wb.workspaceDir, 'xss', HTML_FILE_NAME), 'a file with an HTML name\n');
  });

  after(() => {
    const wb = workbench();
    wb.page.off('dialog', onDialog);
    wb.page.context().off('request', onRequest);
  });

  async function assertInert(): Promise<void> {
    assert.deepEqual(await sentinels(), [], 'a payload ran');
    assert.deepEqual(dialogs, [], 'a payload opened a dialog');
    assert.deepEqual(remoteRequests, [], 'a remote resource was requested');
    const findings = await domFindingsThroughout();
    assert.deepEqual(findings, { handlers: [], active: [], badLinks: [], remoteImages: [] });
    assertNoProblems();
  }

  it('renders a streamed reply, tool output and file names full of payloads without running any', async () => {
    await newSession();
    fake().script(
      reply(text(MARKDOWN_REPLY), toolUse('read', { path: 'xss/page.html' })),
      reply(text('Now the listing.'), toolUse('ls', { path: 'xss' })),
      text('XSS corpus turn complete.'),
    );
    await send(USER_PROMPT);
    await waitForText('XSS corpus turn complete.');
    await waitForCardText(HTML_FILE_NAME);
    // The payloads are there as text: rendered, not dropped.
    const shown = (await allItems()).map((item) => item.content).join('\n');
    assert.ok(shown.includes('HTML file ends here.'), 'the HTML file read by the tool is not shown as text');
    assert.ok(shown.includes(HTML_FILE_NAME), 'the HTML file name is not shown as text');
    assert.ok(shown.includes("<script>window.__arborPwned='fenced'</script>"), 'the fenced HTML is not shown as code');
    assert.ok(shown.includes(USER_PROMPT), 'the prompt is not shown as typed');
    await assertInert();
  });

  it('renders a session from disk with an HTML session name and payloads in its messages without running any', async () => {
    const wb = workbench();
    const file = path.join(wb.workspaceDir, 'xss', 'hostile-session.jsonl');
    const at = (second: number): string => `2026-02-01T10:00:${String(second).padStart(2, '0')}.000Z`;
    const usage = { input: 10, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 20, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
    const assistant = (content: unknown[], stopReason: string) => ({ role: 'assistant', content, api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage, stopReason, timestamp: 1769940000000 });
    const lines = [
      { type: 'session', version: 3, id: '0194b000-0000-7000-8000-00000000aa01', timestamp: at(0), cwd: wb.workspaceDir },
      { type: 'session_info', id: 'x01', parentId: null, timestamp: at(1), name: SESSION_NAME },
      { type: 'message', id: 'x02', parentId: 'x01', timestamp: at(2), message: { role: 'user', content: [{ type: 'text', text: USER_PROMPT }], timestamp: 1769940002000 } },
      { type: 'message', id: 'x03', parentId: 'x02', timestamp: at(3), message: assistant([{ type: 'text', text: MARKDOWN_REPLY }, { type: 'toolCall', id: 'tcx', name: 'read', arguments: { path: `xss/${HTML_FILE_NAME}` } }], 'toolUse') },
      { type: 'message', id: 'x04', parentId: 'x03', timestamp: at(4), message: { role: 'toolResult', toolCallId: 'tcx', toolName: 'read', content: [{ type: 'text', text: HTML_FILE_CONTENT }], isError: false, timestamp: 1769940004000 } },
      { type: 'message', id: 'x05', parentId: 'x04', timestamp: at(5), message: assistant([{ type: 'text', text: 'Hostile session ends.' }], 'stop') },
    ];
    fs.writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    await wb.browseForSession();
    await wb.answerFileDialog(file);
    await waitForText('Hostile session ends.');
    await waitForCardText('HTML file ends here.');
    const shown = (await allItems()).map((item) => item.content).join('\n');
    assert.ok(shown.includes(USER_PROMPT), 'the prompt from the file is not shown as text');
    assert.ok(shown.includes('XSS corpus reply ends.'), 'the reply from the file is not shown');
    // The session's name shows as text in the Session Tree (the chat does not show it); it is a settings entry.
    await wb.runCommand('Arbor: Session Tree: Show Settings Entries');
    await poll('the Session Tree to show the session name', async () => ((await wb.treeRows()).some((row) => row.label.includes(SESSION_NAME)) ? true : undefined));
    await wb.runCommand('Arbor: Session Tree: Hide Settings Entries');
    await assertInert();
  });

  it('sees it when markup does slip through: the checks are not blind', async () => {
    // What a broken sanitizer would let in, put there by hand: each check must report it.
    const frame = await chat();
    await frame.evaluate(`(() => {
      const probe = document.createElement('div');
      probe.id = 'arbor-e2e-probe';
      probe.innerHTML = '<img src="x" onerror="window.${SENTINEL}=1"><a href="javascript:alert(1)">x</a><iframe></iframe>';
      document.getElementById('conversation').prepend(probe);
    })()`);
    const findings = await domFindings();
    await frame.evaluate(`document.getElementById('arbor-e2e-probe')?.remove()`);
    assert.equal(findings.handlers.length, 1, JSON.stringify(findings));
    assert.equal(findings.badLinks.length, 1, JSON.stringify(findings));
    assert.equal(findings.active.length, 1, JSON.stringify(findings));
    // The CSP refused the inline handler: the browser's console says so, and the chat told the host (its log).
    const problems: ConsoleProblem[] = [];
    await poll('the CSP violation in the console and in Arbor\'s log', async () => {
      problems.push(...workbench().takeProblems());
      const inConsole = problems.some((problem) => problem.kind === 'csp-violation');
      const inLog = problems.some((problem) => problem.kind === 'arbor-error' && /CSP violation/.test(problem.text));
      return inConsole && inLog ? true : undefined;
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}; seen: ${problems.map((problem) => `${problem.kind}: ${problem.text}`).join(' | ')}`);
    });
    assert.deepEqual(await sentinels(), []);
  });
});
