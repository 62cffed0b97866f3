import { strict as assert } from 'node:assert';
import {
  computeFileLists,
  createFileOps,
  extractFileOpsFromMessage,
  formatFileOperations,
  mergeFileLists,
  normalizeFilePath,
  stripFileOperations,
} from '../../../src/core/compaction';
import { assistant, toolCall } from '../../support/builders';

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
});
