import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadSessionFile } from '../../../src/core/session';
import { loadPi } from '../../support/pi';
import { reply, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { arborChild, arborJson } from './runArbor';

const KEY = 'sk-ant-cli-test-key';
const EXPANDED = '<file name="a.txt#L2-3">\ntwo\nthree\n</file>\nlook at @a.txt#L2-3';

describe('arbor run with @-mentions (built CLI against the fake server)', function () {
  this.timeout(120_000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });

  it('records the mentioned lines in the user message, sends them, and arbor context shows them', async () => {
    writeFileSync(path.join(dir(), 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const file = path.join(dir(), 'mention.jsonl');
    server().script(reply(text('Seen.')));
    const run = await arborChild(dir(), env(), 'run', file, 'look at @a.txt#L2-3');
    assert.equal(run.code, 0, run.stderr);
    const { tree } = await loadSessionFile(file);
    const messages = tree.entries.flatMap((entry) => (entry.type === 'message' ? [entry.message as { role: string; content: unknown }] : []));
    assert.deepEqual(messages.find((message) => message.role === 'user')?.content, [{ type: 'text', text: EXPANDED }]);
    const sent = (server().lastRequest().body as unknown as { messages: { role: string; content: { type: string; text: string }[] }[] }).messages;
    assert.deepEqual(sent[0]!.content.map((block) => block.text), [EXPANDED]);
    const context = await arborJson<{ messages: { role: string; text: string }[] }>('context', file);
    assert.deepEqual(context.messages[0], { role: 'user', text: EXPANDED });
  });

  it("gives pi's buildSessionContext the same user text from the written file", async () => {
    writeFileSync(path.join(dir(), 'a.txt'), 'one\ntwo\nthree\nfour\n');
    const file = path.join(dir(), 'oracle.jsonl');
    server().script(reply(text('Seen.')));
    assert.equal((await arborChild(dir(), env(), 'run', file, 'look at @a.txt#L2-3')).code, 0);
    const pi = await loadPi();
    const entries = pi.parseSessionEntries(readFileSync(file, 'utf8')).filter((entry) => entry.type !== 'session');
    const messages = pi.buildSessionContext(entries as never).messages as unknown as { role: string; content: { type: string; text: string }[] }[];
    assert.deepEqual(messages[0]!.content, [{ type: 'text', text: EXPANDED }]);
  });

  it('refuses a binary mention in one line, writing nothing and sending nothing', async () => {
    writeFileSync(path.join(dir(), 'blob.bin'), Buffer.from([1, 0, 2]));
    const file = path.join(dir(), 'refused.jsonl');
    const run = await arborChild(dir(), env(), 'run', file, 'what is @blob.bin');
    assert.deepEqual({ code: run.code, stderr: run.stderr }, { code: 2, stderr: 'arbor run: @blob.bin is a binary file: only text files can be mentioned. Remove the mention to send the message.\n' });
    assert.equal(server().messageRequests().length, 0);
    assert.deepEqual(readdirSync(dir()).sort(), ['blob.bin']);
  });
});
