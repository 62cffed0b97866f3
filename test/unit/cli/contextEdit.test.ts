/**
 * `arbor hide`, `arbor replace`, `arbor unhide` on a session file, read back by pi 1.6.0 opening
 * the file (`SessionManager.open`, its own context building) and by `arbor context`.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, type ContextEditEntry } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { loadPi, type PiModule } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

interface EditReport {
  action: string;
  targetId: string;
  description: string;
  edits: { entryId: string; targetId: string; hidden: boolean }[];
}

interface ContextJson {
  messages: { role: string; text: string }[];
}

describe('arbor hide, replace and unhide (pi 1.6.0 reads the file)', function () {
  this.timeout(30_000);
  const tmp = useTempDir();
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  /** A file: a question, a reply calling read, its result, an answer. */
  async function toolSession() {
    const session = await createSessionFile({ dir: tmp(), cwd: tmp(), clock: steppingClock() });
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const ask = await session.appendMessage(user('read a.ts'));
    const reply = await session.appendMessage(assistant([{ type: 'text', text: 'reading' }, call], { stopReason: 'toolUse' }));
    const result = await session.appendMessage(toolResult(call, 'a very long body'));
    const answer = await session.appendMessage(assistant('a.ts exports one function'));
    await session.sync();
    return { file: session.file!, ask, reply, result, answer };
  }

  /** pi opening the file: the roles and texts of the context it builds at its leaf. */
  function piContext(file: string): string[] {
    const messages = pi.SessionManager.open(file, tmp()).buildSessionContext().messages as { role: string; content: unknown }[];
    return messages.map((message) => {
      const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as { type: string; text?: string; id?: string }[]);
      return `${message.role}:${blocks.map((block) => block.text ?? block.id).join('+')}`;
    });
  }

  const arborRoles = async (file: string): Promise<string[]> => (await arborJson<ContextJson>('context', file)).messages.map((message) => message.role);

  it('hide: hides a tool result with the reply holding its call, prints what it did and the ids, and pi builds the same context as arbor context', async () => {
    const { file, reply, result } = await toolSession();
    const run = await arbor('hide', file, result);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines[0], `Hides the tool result ${result} from the model, and also the reply that holds its tool call, so no tool call is left without its result.`);
    const edits = pi.SessionManager.open(file, tmp()).getEntries().filter((entry) => entry.type === 'context_edit') as unknown as ContextEditEntry[];
    assert.deepEqual(lines.slice(1), edits.map((edit) => edit.id));
    assert.deepEqual(edits.map((edit) => [edit.targetId, edit.replacement]), [[reply, null], [result, null]]);
    assert.deepEqual(piContext(file), ['user:read a.ts', 'assistant:a.ts exports one function']);
    assert.deepEqual(await arborRoles(file), ['user', 'assistant']);
  });

  it('unhide after hide: pi builds the original context again; --json reports each edit', async () => {
    const { file, reply, result } = await toolSession();
    const original = piContext(file);
    await arborJson<EditReport>('hide', file, reply);
    const shown = await arborJson<EditReport>('unhide', file, reply);
    assert.deepEqual(shown.edits.map((edit) => [edit.targetId, edit.hidden]), [[reply, false], [result, false]]);
    assert.equal(shown.description, `Shows again the reply ${reply} to the model, and also the 1 tool result of its tool calls, so no tool call is left without its result.`);
    assert.deepEqual(piContext(file), original);
    const again = await arbor('unhide', file, reply);
    assert.deepEqual([again.code, again.stderr], [2, `arbor unhide: ${file}: Entry ${reply} is not hidden or edited: the model already sees it as written\n`]);
  });

  it('replace --text and --file: pi sees the new text, a reply keeps its tool call', async () => {
    const { file, reply, result } = await toolSession();
    const textFile = path.join(tmp(), 'short.txt');
    writeFileSync(textFile, 'the body, shortened\n');
    assert.equal((await arbor('replace', file, result, '--file', textFile)).code, 0);
    assert.equal((await arbor('replace', file, reply, '--text', 'I read it')).code, 0);
    assert.deepEqual(piContext(file), ['user:read a.ts', 'assistant:I read it+call-1', 'toolResult:the body, shortened\n', 'assistant:a.ts exports one function']);
  });

  it('appends after what pi last appended, on the file\'s current branch', async () => {
    const { file, ask } = await toolSession();
    const sm = pi.SessionManager.open(file, tmp());
    const piReply = sm.appendMessage(assistant('pi was here') as never);
    const report = await arborJson<EditReport>('hide', file, ask);
    const entries = pi.SessionManager.open(file, tmp()).getEntries();
    assert.equal(entries.find((entry) => entry.id === report.edits[0]!.entryId)?.parentId, piReply);
    assert.equal(piContext(file).at(-1), 'assistant:pi was here');
    assert.equal(piContext(file)[0], 'assistant:reading+call-1');
  });

  it('refuses in one line, writing nothing: an unknown id, both or neither of --text and --file, a missing file', async () => {
    const { file, reply } = await toolSession();
    const before = readFileSync(file);
    const unknown = await arbor('hide', file, 'ffffffff');
    assert.deepEqual([unknown.code, unknown.stderr], [2, `arbor hide: ${file}: No entry with id ffffffff\n`]);
    const both = await arbor('replace', file, reply, '--text', 'x', '--file', 'y');
    assert.deepEqual([both.code, both.stderr.split('\n')[0]], [2, 'arbor replace: give exactly one of --text TEXT and --file FILE (see arbor --help)']);
    const neither = await arbor('replace', file, reply);
    assert.equal(neither.code, 2);
    const missing = await arbor('replace', file, reply, '--file', path.join(tmp(), 'nope.txt'));
    assert.deepEqual([missing.code, missing.stderr], [2, `arbor replace: --file ${path.join(tmp(), 'nope.txt')}: no such file\n`]);
    assert.deepEqual(readFileSync(file), before);
  });
});
