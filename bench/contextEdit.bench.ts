/**
 * The meter after a context edit (issue 30): on a 100 000-entry session, the agent's update after
 * one edit — the view changed in place, the whole-context estimate corrected by the edited message
 * alone — against its update after one append, as a ratio (must hold: ≤ 2), with the cold count
 * (a rebuilt view and a fresh tokenizer estimator counting every message) beside it.
 *
 * Each update is what the agent does when an entry is added: the session takes the entry, the
 * tracker applies it, and the meter is read (`contextStatus` with the view's trust and estimate).
 * The edits hide user messages, the newest not yet hidden first (hiding what was just said or
 * read is the usual edit), and, on their own line, ones from the middle of the branch (must hold
 * too: ≤ 2). The meter reads the view from its end, so neither waits for the message array to be
 * rewritten: that happens once, when a request or the tools list next needs it.
 */
import { performance } from 'node:perf_hooks';
import { ContextTracker, type ContextView } from '../src/core/agent/contextTracker';
import { loadSessionFile, messageRole, Session, type SessionEntry } from '../src/core/session';
import { contextStatus, createTokenizerEstimator, loadTextTokenizer, type TokenEstimator } from '../src/core/tokens';
import { alternatingMediansMs, msLine, ratioLine } from './measure';
import { linearSession } from './tokens.bench';

const RUNS = 15;

/** The updates take microseconds: printed as such. */
function usLine(label: string, ms: number): string {
  return `${label.padEnd(64)} ${(ms * 1000).toFixed(1).padStart(9)} µs`;
}
const settings = { enabled: true, reserveTokens: 16_384 };

function reading(view: ContextView, estimator: TokenEstimator): number {
  return contextStatus(view, { estimator, trust: view.trust, whole: view.wholeEstimate(estimator), contextWindow: 1_000_000_000, settings }).contextTokens;
}

export async function run(): Promise<void> {
  const { header, tree } = await loadSessionFile(await linearSession());
  const session = new Session({ header, tree, clock: () => new Date() });
  const countText = await loadTextTokenizer();
  console.log(`session: ${tree.size} entries, ${session.getBranch().length} on the branch`);

  const coldStart = performance.now();
  const estimator = createTokenizerEstimator(countText);
  const tracker = new ContextTracker(session);
  const cold = reading(tracker.current(), estimator);
  const coldMs = performance.now() - coldStart;
  console.log(msLine(`cold count: view rebuilt, every message counted (${cold} tokens)`, coldMs));

  // Targets: user messages, newest first (each hidden once).
  const users = session.getBranch().filter((entry: SessionEntry) => messageRole(entry) === 'user').map((entry) => entry.id);
  let next = users.length - 1;
  const append = (): void => {
    void session.appendMessage({ role: 'user', content: [{ type: 'text', text: 'and one more thing: rename the helper' }], timestamp: Date.now() });
    reading(tracker.current(), estimator);
  };
  const edit = (target: string): void => {
    void session.appendContextEdit(target, null);
    reading(tracker.current(), estimator);
  };

  // Before any edit the last reply's usage is trusted: an append estimates only what follows it.
  const [appendTrusted] = await alternatingMediansMs(RUNS, append, () => undefined);
  console.log(usLine('update after one append (usage trusted, no edit yet)', appendTrusted));
  const [appendMs, editMs] = await alternatingMediansMs(RUNS, append, () => edit(users[next--]!));
  const view = tracker.current();
  let middle = Math.floor(users.length / 2);
  const [, middleMs] = await alternatingMediansMs(RUNS, append, () => edit(users[middle--]!));
  const stillInPlace = tracker.current() === view;
  console.log(usLine('update after one append (after edits: the whole context estimated)', appendMs));
  console.log(usLine('update after one edit (hide a recent user message)', editMs));
  console.log(usLine('update after one edit (hide one from the middle of the branch)', middleMs));
  console.log(`every edit applied in place, no rebuild: ${stillInPlace ? 'yes' : 'NO'}`);
  // What an edit cost before it was applied in place: the view rebuilt, every message's count cached.
  const rebuildStart = performance.now();
  reading(new ContextTracker(session).current(), estimator);
  console.log(usLine('the same update by a rebuild of the view (counts cached; before)', performance.now() - rebuildStart));
  const check = reading(new ContextTracker(session).current(), createTokenizerEstimator(countText));
  console.log(`meter after the edits ${reading(tracker.current(), estimator)} tokens, a cold count of the same position ${check}`);
  console.log(ratioLine('update after one edit / after one append (must hold: ≤ 2)', editMs / appendMs, { max: 2 }));
  console.log(ratioLine('middle-of-branch edit / append (must hold: ≤ 2)', middleMs / appendMs, { max: 2 }));
  console.log(ratioLine('cold count / update after one edit', coldMs / editMs));
}
