import { strict as assert } from 'node:assert';
import { branchDocument } from '../../../src/core/export/blocks';
import { renderMarkdown } from '../../../src/core/export/markdown';
import { ENTRIES, HEADER, smallTree } from './smallSession';

describe('Markdown export', () => {
  it('renders the branch up to the leaf, one section per conversation entry, summaries and labels included', () => {
    const tree = smallTree();
    const md = renderMarkdown(branchDocument(HEADER, tree, tree.pathTo('n1')));
    assert.equal(
      md,
      [
        '# Demo',
        '',
        '- **session:** sess-1',
        '- **cwd:** /home/ana/proyecto',
        '- **created:** 2026-04-01T10:00:00.000Z',
        '- **branch:** 9 entries, up to n1',
        '',
        '## Model change',
        '',
        '<sub>entry m1</sub>',
        '',
        '_Model: anthropic/claude-sonnet-4-5_',
        '',
        '## User — label “start”',
        '',
        '<sub>entry u1</sub>',
        '',
        'Hola, ¿qué hay en 目录?',
        '',
        '## Assistant (anthropic/claude-sonnet-4-5)',
        '',
        '<sub>entry a1</sub>',
        '',
        '> **Thinking**',
        '>',
        '> list it',
        '',
        '```json',
        'ls {',
        '  "path": "."',
        '}',
        '```',
        '',
        '## Tool result: ls',
        '',
        '<sub>entry t1</sub>',
        '',
        '```',
        'a.ts',
        '```',
        '',
        '## Assistant (anthropic/claude-sonnet-4-5)',
        '',
        '<sub>entry x1</sub>',
        '',
        'Only a.ts.',
        '',
        '## Branch summary',
        '',
        '<sub>entry b1</sub>',
        '',
        '_Summary of a branch this conversation came back from_',
        '',
        'Tried the other way; it failed.',
        '',
        '## Compaction summary',
        '',
        '<sub>entry c1</sub>',
        '',
        '_1200 tokens summarized; kept from entry b1_',
        '',
        '## Goal',
        'List files',
        '',
      ].join('\n'),
    );
    assert.equal(ENTRIES.length, 10);
  });

  it('leaves out what is only on another branch', () => {
    const tree = smallTree();
    const md = renderMarkdown(branchDocument(HEADER, tree, tree.pathTo('u2')));
    assert.match(md, /\nTry the other way\n$/);
    assert.doesNotMatch(md, /Tried the other way|Compaction summary/);
  });
});
