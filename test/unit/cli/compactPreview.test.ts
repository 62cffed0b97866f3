/**
 * `arbor compact --preview` (asks for the summary, writes nothing) and `arbor compact
 * --summary-file F` (writes F's text as the summary, asks no model), as the built CLI against the
 * fake server; pi 1.6.0 opens the file afterwards.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CompactPreviewReport } from '../../../src/cli/commands/compact';
import { loadSessionFile, type CompactionEntry } from '../../../src/core/session';
import { reply, text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { sessionWithHistory } from './historySession';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

type Preview = CompactPreviewReport;

describe('arbor compact --preview and --summary-file (built CLI against the fake server)', function () {
  this.timeout(60_000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const env = (key = true): Record<string, string> => ({
    ...(key ? { ANTHROPIC_API_KEY: KEY } : {}),
    ANTHROPIC_BASE_URL: server().url,
    XDG_STATE_HOME: path.join(dir(), 'state'),
    PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent'),
  });

  it('--preview prints the proposed summary and what it replaces (as the compaction then written has it), and leaves the file byte-identical', async () => {
    const session = await sessionWithHistory(dir());
    const first = session.getBranch()[0]!.id;
    assert.equal((await arbor(dir(), env(), 'pin', session.file!, first)).code, 0);
    const before = readFileSync(session.file!);
    server().script(reply(text('PROPOSED SUMMARY')), reply(text('PROPOSED SUMMARY')));
    const run = await arbor(dir(), env(), 'compact', session.file!, '--preview', '--keep-recent', '300', '--json');
    assert.equal(run.code, 0, run.stderr);
    const preview = JSON.parse(run.stdout) as Preview;
    assert.equal(preview.summary.startsWith('PROPOSED SUMMARY\n\n## Pinned (verbatim)\n'), true);
    assert.deepEqual(preview.pinned, [first]);
    assert.deepEqual([preview.readFiles, preview.modifiedFiles], [[], []]);
    const entries = session.getBranch().filter((entry) => entry.type === 'message');
    assert.equal(preview.firstKeptEntryId, entries[6]!.id, 'keeps the last exchange (about 300 tokens)');
    assert.equal(preview.summarizedEntries, 6);
    assert.deepEqual(readFileSync(session.file!), before, 'the file is unchanged');
    const words = await arbor(dir(), env(), 'compact', session.file!, '--preview', '--keep-recent', '300');
    assert.equal(words.code, 0, words.stderr);
    assert.equal(words.stdout.split('\n')[0], 'Proposed compaction (nothing written):');
    assert.equal(words.stdout.includes(`  tokens: ${preview.tokensBefore} → about ${preview.tokensAfter}\n`), true);
    assert.equal(words.stdout.includes('\nPROPOSED SUMMARY\n'), true);
    assert.deepEqual(readFileSync(session.file!), before, 'the file is unchanged');
    // The compaction written with the same summary has the sizes and the cut the preview told.
    server().script(reply(text('PROPOSED SUMMARY')));
    const written = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--json');
    const report = JSON.parse(written.stdout) as { tokensBefore: number; tokensAfter: number; firstKeptEntryId: string };
    assert.deepEqual([report.tokensBefore, report.tokensAfter, report.firstKeptEntryId], [preview.tokensBefore, preview.tokensAfter, preview.firstKeptEntryId]);
  });

  it('--summary-file writes exactly that summary with the usual cut, asks no model and needs no key, and pi reads it', async () => {
    const session = await sessionWithHistory(dir());
    server().script(reply(text('PROPOSED')));
    const preview = JSON.parse((await arbor(dir(), env(), 'compact', session.file!, '--preview', '--keep-recent', '300', '--json')).stdout) as Preview;
    const requests = server().attempts;
    const summary = '## Goal\nThe user\'s own summary,\nkept exactly.\n\n';
    const summaryFile = path.join(dir(), 'summary.md');
    writeFileSync(summaryFile, summary);
    const run = await arbor(dir(), env(false), 'compact', session.file!, '--summary-file', summaryFile, '--keep-recent', '300', '--json');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server().attempts, requests, 'no request');
    const { compactionId } = JSON.parse(run.stdout) as { compactionId: string };
    const entry = (await loadSessionFile(session.file!)).tree.get(compactionId) as CompactionEntry;
    assert.equal(entry.summary, summary);
    assert.equal(entry.firstKeptEntryId, preview.firstKeptEntryId);
    assert.equal(entry.tokensBefore, preview.tokensBefore);
    assert.deepEqual(entry.details, { readFiles: [], modifiedFiles: [] });
    assert.equal(entry.usage, undefined, 'no model was paid');
    const pi = await loadPi();
    const context = pi.SessionManager.open(session.file!, dir()).buildSessionContext().messages as { role: string; summary?: string }[];
    assert.deepEqual(context.map((message) => message.role), ['compactionSummary', 'user', 'assistant']);
    assert.equal(context[0]!.summary, summary);
  });

  it('refuses --preview with --summary-file, and an empty or missing summary file, writing nothing', async () => {
    const session = await sessionWithHistory(dir());
    const before = readFileSync(session.file!);
    const empty = path.join(dir(), 'empty.md');
    writeFileSync(empty, ' \n');
    const both = await arbor(dir(), env(), 'compact', session.file!, '--preview', '--summary-file', empty);
    assert.deepEqual([both.code, both.stderr.split('\n')[0]], [2, 'arbor compact: --preview and --summary-file cannot be given together (see arbor --help)']);
    const blank = await arbor(dir(), env(false), 'compact', session.file!, '--summary-file', empty);
    assert.deepEqual([blank.code, blank.stderr], [2, `arbor compact: --summary-file ${empty}: the file is empty\n`]);
    const missing = await arbor(dir(), env(false), 'compact', session.file!, '--summary-file', path.join(dir(), 'none.md'));
    assert.deepEqual([missing.code, missing.stderr], [2, `arbor compact: --summary-file ${path.join(dir(), 'none.md')}: no such file\n`]);
    assert.deepEqual(readFileSync(session.file!), before);
  });
});
