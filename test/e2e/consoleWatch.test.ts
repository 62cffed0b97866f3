// The console watch itself, in the real browser: a file of Arbor's that fails to load is reported,
// not filtered away as offline noise. Runs after arbor.test.ts, on the same workbench.
import * as assert from 'node:assert/strict';
import { workbench } from './support/hooks';
import type { ConsoleProblem } from './support/consoleWatch';
import { poll } from './support/workbench';

describe('the console watch', () => {
  it("reports a failed load of one of Arbor's own webview resources", async () => {
    const wb = workbench();
    await wb.openArbor();
    await wb.setPaneExpanded('Chat', true);
    const frame = await wb.chatFrame();
    assert.deepEqual(wb.takeProblems(), [], 'no problem before the missing file is asked for');
    // What a renamed or unpackaged media file does: the webview asks for chat.css's sibling, which is not there.
    await frame.evaluate(`(() => {
      const style = document.querySelector('link[rel="stylesheet"][href*="chat.css"]');
      const missing = document.createElement('link');
      missing.rel = 'stylesheet';
      missing.href = style.href.replace('chat.css', 'missing-for-test.css');
      document.head.append(missing);
    })()`);
    const problems: ConsoleProblem[] = [];
    await poll('the console watch to report the failed load', async () => {
      problems.push(...wb.takeProblems());
      return problems.some((problem) => /Failed to load resource/.test(problem.text)) ? true : undefined;
    });
    // The browser's 404 of the vscode-cdn URL, and (code-server) the workbench's "loadLocalResource" error line.
    assert.deepEqual(
      [...new Set(problems.map((problem) => problem.kind))],
      ['arbor-resource'],
      problems.map((problem) => `${problem.kind}: ${problem.text} ${problem.location}`).join('\n'),
    );
    const browser404 = problems.find((problem) => /Failed to load resource/.test(problem.text));
    assert.ok(browser404, 'the browser\'s own failed-load message is among them');
    assert.match(browser404.location, /arbor-dev\.arbor-[^/]+\/media\/missing-for-test\.css/);
  });
});
