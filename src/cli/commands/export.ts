/**
 * `arbor export <file> [--at ID] --format md|html|jsonl [-o OUT]`: one branch (root → leaf) as
 * Markdown, standalone HTML or a pi-loadable JSONL session. Without `-o` the document goes to
 * standard output (inside the JSON report with `--json`). `-o` replaces the file (readable by its
 * owner only) and never writes through a link at that name.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { choiceFlag, stringFlag } from '../args';
import { LEAF_FLAG, type Command } from '../command';
import { EXPORT_FORMATS, renderBranch, type ExportFormat } from '../../core/export';
import { replaceFile } from '../../core/util/safeFiles';
import { UsageError } from '../io';
import { loadForCli, resolveLeaf } from '../load';

export type { ExportFormat } from '../../core/export';

export interface ExportReport {
  format: ExportFormat;
  leafId: string | null;
  /** Entries on the exported branch. */
  entryCount: number;
  /** The file written, or null when the document is in `content`. */
  output: string | null;
  content?: string;
}

export const exportCommand: Command = {
  name: 'export',
  usage: '[--at ID] --format md|html|jsonl [-o OUT]',
  summary: 'write one branch as Markdown, standalone HTML, or a JSONL session pi can load',
  flags: [LEAF_FLAG, { name: 'format', kind: 'string', value: 'md|html|jsonl' }, { name: 'output', alias: 'o', kind: 'string', value: 'OUT' }],
  async run({ file, args, io, json }) {
    const format = choiceFlag(args, 'format', EXPORT_FORMATS);
    if (!format) throw new UsageError('option --format is required (md, html or jsonl)');
    const output = stringFlag(args, 'output');
    if (output !== undefined && path.resolve(output) === path.resolve(file)) {
      throw new UsageError(`-o ${output} is the session file itself; choose another output file`);
    }
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const branch = loaded.tree.pathTo(leafId);
    const content = renderBranch(format, loaded.header, loaded.tree, branch, io.now());
    const report: ExportReport = { format, leafId, entryCount: branch.length, output: output ?? null };
    if (output !== undefined) {
      await fs.mkdir(path.dirname(path.resolve(output)), { recursive: true });
      // A new file renamed over the name: a link there is replaced, never written through.
      await replaceFile(output, content);
      return { json: () => report, text: () => `wrote ${branch.length} entries (the branch up to ${leafId ?? 'nothing'}) to ${output} as ${format}\n` };
    }
    return { json: () => (json ? { ...report, content } : report), text: () => content, textIsJson: format === 'jsonl' };
  },
};
