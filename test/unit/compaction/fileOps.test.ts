import { strict as assert } from 'node:assert';
import {
  computeFileLists,
  createFileOps,
  extractFileOpsFromMessage,
  failedToolCalls,
  formatFileOperations,
  mergeFileLists,
  normalizeFilePath,
  prepareBranchEntries,
  prepareCompaction,
  DEFAULT_COMPACTION_SETTINGS,
  splitFileOperations,
  stripFileOperations,
} from '../../../src/core/compaction';
import { DENIED_TEXT } from '../../../src/core/agent/tools/approval';
import { assistant, chain, msg, toolCall, toolResult, user } from '../../support/builders';
import { loadPi } from './support/piOracle';

describe('file operations', () => {
  it('tracks read/write/edit calls with a non-empty string path only', () => {
    const ops = createFileOps();
    extractFileOpsFromMessage(
      assistant([
        toolCall('read', { path: 'src/a.ts' }),
        toolCall('edit', { path: 'src/a.ts', edits: [] }),
        toolCall('write', { path: 'src/new.ts', content: '' }),
        toolCall('read', { path: '' }),
        toolCall('read', { path: 42 }),
        toolCall('bash', { command: 'cat src/c.ts' }),
        toolCall('grep', { path: 'src/d.ts' }),
      ]),
      ops,
    );
    assert.deepEqual(computeFileLists(ops), { readFiles: [], modifiedFiles: ['src/a.ts', 'src/new.ts'] });
  });

  it('lists a file both read and modified as modified only, sorted in UTF-16 order', () => {
    const ops = createFileOps();
    ops.read.add('b.ts').add('Z.ts').add('a.ts');
    ops.edited.add('a.ts');
    assert.deepEqual(computeFileLists(ops), { readFiles: ['Z.ts', 'b.ts'], modifiedFiles: ['a.ts'] });
  });

  it('formats the lists as the blocks appended to a summary', () => {
    assert.equal(formatFileOperations(['src/b.ts'], ['src/a.ts']), '\n\n<read-files>\nsrc/b.ts\n</read-files>\n\n<modified-files>\nsrc/a.ts\n</modified-files>');
    assert.equal(formatFileOperations([], []), '');
    assert.equal(formatFileOperations([], ['m']), '\n\n<modified-files>\nm\n</modified-files>');
  });

  it('merges an earlier summary\'s lists: modified files count as edited', () => {
    const ops = createFileOps();
    mergeFileLists({ readFiles: ['r.ts', 7], modifiedFiles: ['m.ts'] }, ops);
    mergeFileLists(undefined, ops);
    assert.deepEqual(computeFileLists(ops), { readFiles: ['r.ts'], modifiedFiles: ['m.ts'] });
  });

  it('reads file_path arguments and normalises paths against the session cwd', () => {
    const ops = createFileOps();
    const message = assistant([
      toolCall('read', { file_path: '/repo/src/a.ts' }),
      toolCall('edit', { path: './src/a.ts' }),
      toolCall('write', { path: 'src/../src/b.ts' }),
      toolCall('read', { path: '/etc/hosts' }),
      toolCall('read', { path: '~/notes.md' }),
    ]);
    extractFileOpsFromMessage(message, ops, { cwd: '/repo' });
    assert.deepEqual(computeFileLists(ops), { readFiles: ['/etc/hosts', '~/notes.md'], modifiedFiles: ['src/a.ts', 'src/b.ts'] });
  });

  it('normalises Windows paths with the Windows rules', () => {
    assert.equal(normalizeFilePath('C:\\repo\\src\\a.ts', 'C:\\repo'), 'src\\a.ts');
    assert.equal(normalizeFilePath('../x.ts', '/repo/sub'), '/repo/x.ts');
  });

  it('strips the file blocks from a summary carried forward, and nothing else', () => {
    const summary = '## Goal\nG' + formatFileOperations(['r'], ['m']);
    assert.equal(stripFileOperations(summary), '## Goal\nG');
    assert.equal(stripFileOperations('## Goal\nmentions <read-files> inline'), '## Goal\nmentions <read-files> inline');
  });

  it('splits the file blocks off a summary into its lists; blocks not at the end stay text', () => {
    assert.deepEqual(splitFileOperations('## Goal\nG' + formatFileOperations(['r1', 'r2'], ['m'])), { text: '## Goal\nG', readFiles: ['r1', 'r2'], modifiedFiles: ['m'] });
    const inside = '## Goal\n\n<read-files>\nx\n</read-files>\n\nmore text';
    assert.deepEqual(splitFileOperations(inside), { text: inside, readFiles: [], modifiedFiles: [] });
    // A hostile summary of unclosed blocks is read in one pass and kept whole.
    const unclosed = '\n\n<read-files>\n'.repeat(50_000);
    assert.equal(splitFileOperations(unclosed).text, unclosed);
    const huge = `S\n\n<read-files>\n${'f\n'.repeat(1_000_000)}</read-files>`;
    assert.equal(splitFileOperations(huge).readFiles.length, 1_000_000);
  });

  it('lists no file whose write or edit was denied or failed, nor one whose read failed; a call without a result still counts', () => {
    const denied = toolCall('write', { path: 'src/denied.ts', content: 'x' }, 'tc-denied');
    const failedEdit = toolCall('edit', { path: 'src/missing-text.ts', edits: [] }, 'tc-edit');
    const failedRead = toolCall('read', { path: 'src/gone.ts' }, 'tc-read');
    const written = toolCall('write', { path: 'src/ok.ts', content: 'x' }, 'tc-ok');
    const unanswered = toolCall('edit', { path: 'src/stopped.ts', edits: [] }, 'tc-open');
    const entries = chain(
      msg('u', null, user('go')),
      msg('a', null, assistant([denied, failedEdit, failedRead, written, unanswered], { stopReason: 'toolUse' })),
      msg('r1', null, toolResult(denied, DENIED_TEXT, { isError: true })),
      msg('r2', null, toolResult(failedEdit, 'Could not find the text to replace', { isError: true })),
      msg('r3', null, toolResult(failedRead, 'ENOENT', { isError: true })),
      msg('r4', null, toolResult(written, 'Wrote 1 byte')),
      msg('u2', null, user('next')),
      msg('a2', null, assistant('done')),
    );
    const expected = { readFiles: [], modifiedFiles: ['src/ok.ts', 'src/stopped.ts'] };
    // Both places that list files: a compaction's span and a branch summary's entries.
    assert.deepEqual(computeFileLists(prepareCompaction(entries, { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 1 })!.fileOps), expected);
    assert.deepEqual(computeFileLists(prepareBranchEntries(entries).fileOps), expected);
    assert.deepEqual([...failedToolCalls(entries)], ['tc-denied', 'tc-edit', 'tc-read']);
  });

  it('lists the files of the calls a tool made itself (pi 1.6 records them on its result), but the failed ones', async () => {
    const pi = await loadPi();
    const script = toolCall('codemode', { code: '...' }, 'tc-script');
    const result = toolResult(script, 'ran');
    const nestedCalls = {
      complete: true,
      calls: [
        { id: 'n1', name: 'read', arguments: { path: 'src/read.ts' }, status: 'ok' },
        { id: 'n2', name: 'edit', arguments: { path: 'src/edited.ts', edits: [] }, status: 'ok' },
        { id: 'n3', name: 'write', arguments: { path: 'src/unfinished.ts', content: '' }, status: 'unfinished' },
        { id: 'n4', name: 'write', arguments: { path: 'src/failed.ts', content: '' }, status: 'error' },
        { id: 'n5', name: 'read', argumentsBytes: 99999, status: 'ok' },
      ],
    };
    const entries = chain(
      msg('u', null, user('go')),
      msg('a', null, assistant([script], { stopReason: 'toolUse' })),
      msg('r', null, { ...result, nestedCalls } as unknown as typeof result),
      msg('u2', null, user('next')),
      msg('a2', null, assistant('done')),
    );
    const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 1 };
    const theirs = computeFileLists(pi.prepareCompaction(entries, settings).fileOps);
    assert.deepEqual(theirs, { readFiles: ['src/read.ts'], modifiedFiles: ['src/edited.ts', 'src/failed.ts', 'src/unfinished.ts'] });
    // Arbor leaves out the nested call that failed, as it does a failed call of the model's own.
    assert.deepEqual(computeFileLists(prepareCompaction(entries, settings)!.fileOps), { readFiles: ['src/read.ts'], modifiedFiles: ['src/edited.ts', 'src/unfinished.ts'] });
    // Branch summaries skip tool results, nested calls with them (as pi's).
    assert.deepEqual(computeFileLists(prepareBranchEntries(entries).fileOps), computeFileLists(pi.prepareBranchEntries(entries).fileOps));
  });
});
