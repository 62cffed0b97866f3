import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { diskFiles, expandMentions, MentionError, type MentionSources } from '../../../src/core/mentions';
import { importPiFile } from '../../support/pi';
import { useWorkspace } from '../agent/tools/support';

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('expanding mentions', () => {
  const workspace = useWorkspace();
  const files = (): MentionSources => ({ files: diskFiles(workspace().root) });

  it('puts a mentioned file before the prompt in a block named by its path', async () => {
    workspace().file('src/a.txt', 'alpha\nbeta\n');
    const expansion = await expandMentions('look at @src/a.txt please', files());
    assert.equal(expansion.text, '<file name="src/a.txt">\nalpha\nbeta\n\n</file>\nlook at @src/a.txt please');
  });

  it('keeps a prompt without mentions exactly as typed', async () => {
    assert.equal((await expandMentions('no mentions, me@example.com', files())).text, 'no mentions, me@example.com');
  });

  it('takes only the lines of a range, with the range in the name', async () => {
    workspace().file('a.txt', lines(10));
    const expansion = await expandMentions('@a.txt#L2-3 and @a.txt#L7', files());
    assert.equal(expansion.text, '<file name="a.txt#L2-3">\nline 2\nline 3\n</file>\n<file name="a.txt#L7">\nline 7\n</file>\n@a.txt#L2-3 and @a.txt#L7');
  });

  it('ends a range that runs past the file at its last line', async () => {
    workspace().file('a.txt', lines(4));
    assert.equal((await expandMentions('@a.txt#L3-9', files())).blocks[0]!.name, 'a.txt#L3-4');
  });

  it('refuses a range that starts past the end of the file', async () => {
    workspace().file('a.txt', lines(4));
    await assert.rejects(expandMentions('@a.txt#L9-12', files()), (error: unknown) => error instanceof MentionError && error.reason === 'past-end' && error.message === '@a.txt#L9-12 starts past the end of a.txt, which has 4 lines.');
  });

  it('includes a file mentioned twice once', async () => {
    workspace().file('a.txt', 'x');
    assert.equal((await expandMentions('@a.txt and again @a.txt', files())).blocks.length, 1);
  });

  it('cuts a large file at 2000 lines with a note saying how to see more', async () => {
    workspace().file('big.txt', lines(3000));
    const [block] = (await expandMentions('@big.txt', files())).blocks;
    assert.equal(block!.body, `${lines(2000)}\n\n[Only lines 1-2000 of the file's 3000 lines are included (mentions are cut at 2000 lines or 50.0KB). Mention a range such as @big.txt#L2001-3000 for more.]`);
  });

  it('cuts a file at 50KB of whole lines', async () => {
    const line = 'x'.repeat(1023);
    workspace().file('wide.txt', Array.from({ length: 80 }, () => line).join('\n'));
    const [block] = (await expandMentions('@wide.txt', files())).blocks;
    assert.equal(block!.body.split('\n\n')[0], Array.from({ length: 50 }, () => line).join('\n'));
    assert.equal(block!.body.split('\n\n')[1], "[Only lines 1-50 of the file's 80 lines are included (mentions are cut at 2000 lines or 50.0KB). Mention a range such as @wide.txt#L51-80 for more.]");
  });

  it('refuses a binary file with a message naming it', async () => {
    workspace().file('blob.bin', Buffer.from([0x41, 0x00, 0x42]));
    await assert.rejects(expandMentions('what is @blob.bin', files()), (error: unknown) => error instanceof MentionError && error.reason === 'binary' && error.message === '@blob.bin is a binary file: only text files can be mentioned. Remove the mention to send the message.');
  });

  it('refuses an image, which has no NUL in its first bytes to give it away', async () => {
    workspace().file('pic.gif', Buffer.from('GIF89a-not-really'));
    await assert.rejects(expandMentions('@pic.gif', files()), (error: unknown) => error instanceof MentionError && error.reason === 'binary');
  });

  it('lists a mentioned folder one level deep, folders marked', async () => {
    workspace().file('src/b.ts', '');
    workspace().file('src/A.ts', '');
    workspace().file('src/lib/c.ts', '');
    const expansion = await expandMentions('@src', files());
    assert.equal(expansion.text, '<folder name="src/">\nA.ts\nb.ts\nlib/\n</folder>\n@src');
  });

  it('leaves a path that names nothing as text', async () => {
    const expansion = await expandMentions('ping @nobody about it', files());
    assert.deepEqual(expansion, { text: 'ping @nobody about it', blocks: [] });
  });

  it('refuses a path that climbs out of the workspace, existing or not', async () => {
    for (const given of ['../outside/secret.txt', '../nothing.txt', path.join(workspace().outside, 'secret.txt')]) {
      await assert.rejects(expandMentions(`@${given}`, files()), (error: unknown) => error instanceof MentionError && error.reason === 'outside-workspace' && error.message === `@${given} is outside the workspace: only files inside it can be mentioned.`);
    }
  });

  it('refuses a link inside the workspace that leads out', async () => {
    symlinkSync(path.join(workspace().outside, 'secret.txt'), path.join(workspace().root, 'innocent.txt'));
    await assert.rejects(expandMentions('@innocent.txt', files()), (error: unknown) => error instanceof MentionError && error.reason === 'outside-workspace');
  });

  it('names a file by the path the user wrote, not where a link inside the workspace leads', async () => {
    workspace().file('real/a.txt', 'a');
    symlinkSync(path.join(workspace().root, 'real'), path.join(workspace().root, 'alias'));
    assert.equal((await expandMentions('@./alias/a.txt', files())).blocks[0]!.name, 'alias/a.txt');
  });

  it('refuses a FIFO without waiting on it', async () => {
    execFileSync('mkfifo', [path.join(workspace().root, 'pipe')]);
    await assert.rejects(expandMentions('@pipe', files()), (error: unknown) => error instanceof MentionError && error.reason === 'not-a-file');
  });

  it('escapes quotes and angle brackets of a name so it cannot close the tag', async () => {
    mkdirSync(path.join(workspace().root, 'q'));
    workspace().file('q/a"><b.txt', 'x');
    assert.equal((await expandMentions('@"q/a\\"><b.txt"', files())).blocks.length, 0, 'a quote ends a quoted path');
    assert.equal((await expandMentions('@q/a"><b.txt', files())).text.split('\n')[0], '<file name="q/a&quot;&gt;&lt;b.txt">');
  });

  it('lists problems errors first, one per line, bounded', async () => {
    const expansion = await expandMentions('fix @problems', {
      problems: async () => [
        { path: 'b.ts', line: 3, column: 1, severity: 'warning', message: 'unused\nvariable' },
        { path: 'a.ts', line: 10, column: 5, severity: 'error', message: "Cannot find name 'x'." },
      ],
    });
    assert.equal(expansion.text, "<problems>\na.ts:10:5 error Cannot find name 'x'.\nb.ts:3:1 warning unused variable\n</problems>\nfix @problems");
  });

  it('gives the selection with its path and lines', async () => {
    const expansion = await expandMentions('explain @selection', { selection: async () => ({ path: 'src/a.ts', range: { first: 4, last: 6 }, text: 'const a = 1;' }) });
    assert.equal(expansion.text, '<selection name="src/a.ts#L4-6">\nconst a = 1;\n</selection>\nexplain @selection');
  });

  it('says so when the terminal or the selection is not available (the CLI has neither)', async () => {
    const expansion = await expandMentions('@terminal @selection @problems', files());
    assert.equal(
      expansion.text,
      '<terminal>\n[The terminal is not available here.]\n</terminal>\n<selection>\n[The editor selection is not available here.]\n</selection>\n<problems>\n[Problems are not available here.]\n</problems>\n@terminal @selection @problems',
    );
  });

  it("gives a whole file the same block as pi's @file argument, but for the name", async function () {
    this.timeout(120_000);
    const file = workspace().file('notes.md', '# Notes\n\nsome text\n');
    const { processFileArguments } = await importPiFile<{ processFileArguments: (files: string[]) => Promise<{ text: string }> }>('cli/file-processor.js');
    const pi = await processFileArguments([file]);
    const ours = await expandMentions('@notes.md', files());
    assert.equal(ours.text, `${pi.text.replace(`name="${file}"`, 'name="notes.md"')}@notes.md`);
  });
});
