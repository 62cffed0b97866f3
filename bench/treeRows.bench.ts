/**
 * Session Tree rows at 300 px (issue 16): a row's label is its message's first line in plain
 * words, Markdown stripped. Measures presenting every message row of the 100 000-entry session
 * against cutting the same first lines without stripping (what a row cost before), and the strip
 * on a hostile megabyte-long line against a plain one of the same length (the work must not grow
 * faster than the line: only a bounded window of it is read).
 */
import { firstLine, isKnownEntry, loadSessionFile, messageText } from '../src/core/session';
import { presentRow } from '../src/core/sessionTree';
import { plainFirstLine } from '../src/core/util/markdownText';
import { medianMs, msLine, ratioLine } from './measure';
import { largeSession } from './session.bench';

export async function run(): Promise<void> {
  const { tree } = await loadSessionFile(await largeSession());
  const messages = tree.entries.filter((entry) => isKnownEntry(entry) && entry.type === 'message');
  const texts = messages.map((entry) => messageText((entry as { message: { content?: never } }).message, '\n'));
  const cut = await medianMs(5, () => texts.forEach((text) => firstLine(text)));
  const plain = await medianMs(5, () => texts.forEach((text) => plainFirstLine(text)));
  const rows = await medianMs(5, () => messages.forEach((entry) => presentRow({ entry, label: undefined, onActivePath: false, isCurrent: false })));
  console.log(msLine(`first lines of ${messages.length} messages, cut only`, cut));
  console.log(msLine('the same, as plain words (Markdown stripped)', plain));
  console.log(msLine('every message row presented (label, tooltip, accessible label)', rows));
  console.log(ratioLine('plain words / cut only', plain / cut));

  const size = 1_000_000;
  const hostile = `${'['.repeat(size / 4)}${'*'.repeat(size / 4)}${'_a'.repeat(size / 8)}${'<b '.repeat(size / 12)}`;
  const ordinary = 'word '.repeat(size / 5);
  const hostileMs = await medianMs(5, () => plainFirstLine(hostile));
  const ordinaryMs = await medianMs(5, () => plainFirstLine(ordinary));
  console.log(msLine('plain words of a 1 MB line of brackets, stars and tags', hostileMs));
  console.log(msLine('plain words of a 1 MB line of words', ordinaryMs));
  console.log(ratioLine('hostile / ordinary line (must hold: ≤ 10)', hostileMs / ordinaryMs, { max: 10 }));
}
