import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { entryPreview } from '../../../src/cli/describe';
import { formatBlock, type MentionBlock } from '../../../src/core/mentions';
import { branchLeaves } from '../../../src/core/navigation';
import { compileQuery, searchSessionText } from '../../../src/core/search';
import { SessionTree, summarizeSessionFile, userText, type ImageContent } from '../../../src/core/session';
import { openSessionTitle } from '../../../src/core/sessionList/row';
import { presentRow } from '../../../src/core/sessionTree';
import { msg, sessionFileText, user } from '../../support/builders';

/** A message as Send writes it: the mentioned files' blocks, then the words typed. */
function sent(blocks: MentionBlock[], words: string): string {
  return blocks.map(formatBlock).join('') + words;
}

const slugify: MentionBlock = { tag: 'file', name: 'src/slugify.ts', body: 'export function slugify() {}' };
const readme: MentionBlock = { tag: 'file', name: 'README.md', body: '# Demo\nline two' };
const image: ImageContent = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };

describe('A user message as the views show it', () => {
  it('shows the words typed without the file blocks sent before them, the files counted after the first line', () => {
    assert.equal(userText(sent([slugify], 'Why does slugify drop accents?\n\n@src/slugify.ts')), 'Why does slugify drop accents? · 1 file\n\n@src/slugify.ts');
    assert.equal(userText(sent([slugify, readme], 'Compare these')), 'Compare these · 2 files');
  });

  it('counts images and files together in the suffix', () => {
    assert.equal(userText([{ type: 'text', text: sent([slugify], 'What is on screen?') }, image, image]), 'What is on screen? · 1 file · 2 images');
    assert.equal(userText([{ type: 'text', text: 'Look' }, image]), 'Look · 1 image');
  });

  it('names the file of a message that is only a file, and counts the rest', () => {
    assert.equal(userText(sent([slugify], '')), 'src/slugify.ts');
    assert.equal(userText(sent([slugify, readme], '\n')), 'src/slugify.ts · 1 more file');
    assert.equal(userText([{ type: 'text', text: sent([readme], '') }, image]), 'README.md · 1 image');
    assert.equal(userText([image]), '1 image');
    assert.equal(userText(sent([{ tag: 'problems', body: '[No problems]' }], '')), 'problems');
  });

  it('keeps a plain message as it is, and text that only looks like a block when it is not at the start', () => {
    assert.equal(userText('Fix the parser\nit breaks on tabs'), 'Fix the parser\nit breaks on tabs');
    assert.equal(userText(`see this: ${formatBlock(slugify)}`), `see this: ${formatBlock(slugify)}`.trim());
    assert.equal(userText('<file name="x">\nnever closed'), '<file name="x">\nnever closed');
  });

  it('keeps a hostile file name as plain text on one line', () => {
    const hostile: MentionBlock = { tag: 'file', name: '<img src=x onerror=alert(1)>\r\u2028[run](command:workbench.action.terminal.new)', body: 'x' };
    assert.equal(userText(sent([hostile], '')), '<img src=x onerror=alert(1)> [run](command:workbench.action.terminal.new)');
  });
});

describe('Every view names a user message by its words', () => {
  const text = sent([slugify], 'Why does slugify drop accents?\n\n@src/slugify.ts');
  const entries = [msg('u1', null, user(text), '2026-03-05T14:07:00.000Z')];

  it('the Session Tree row and its tooltip', () => {
    const row = presentRow({ entry: entries[0]!, label: undefined, onActivePath: false, isCurrent: false });
    assert.equal(row.label, 'Why does slugify drop accents? · 1 file');
    assert.equal(row.tooltip, 'Why does slugify drop accents? · 1 file\n\n@src/slugify.ts');
  });

  it('Switch Branch…', () => {
    const [leaf] = branchLeaves(SessionTree.fromEntries(entries), 'u1');
    assert.equal(leaf?.text, 'Why does slugify drop accents? · 1 file');
    assert.equal(leaf?.divergence, 'Why does slugify drop accents? · 1 file');
  });

  it('the Sessions view, for a session on disk and one in memory', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arbor-words-'));
    try {
      const file = path.join(dir, 's.jsonl');
      await fs.writeFile(file, sessionFileText(entries));
      assert.equal((await summarizeSessionFile(file))?.firstMessage, 'Why does slugify drop accents? · 1 file\n\n@src/slugify.ts');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    assert.equal(openSessionTitle(undefined, entries), 'Why does slugify drop accents? · 1 file');
  });

  it('search, which finds the words and not the attached file', () => {
    const file = sessionFileText(entries);
    assert.deepEqual(searchSessionText('f', file, compileQuery({ text: 'accents' })).hits.map((hit) => hit.snippet), ['Why does slugify drop accents? · 1 file']);
    assert.deepEqual(searchSessionText('f', file, compileQuery({ text: 'export function' })).hits, []);
  });

  it('arbor tree and arbor branch', () => {
    assert.equal(entryPreview(entries[0]!), 'Why does slugify drop accents? · 1 file @src/slugify.ts');
  });
});
