/**
 * The `@` completion list on a 50 000-file workspace (issue 18, "Must hold": its first results
 * within 2× the time of one `vscode.workspace.findFiles` over it; that side needs VS Code and is
 * measured by the integration test "measures the @ list's first results against findFiles"). Here,
 * in plain Node: the index's first answer (the walk as git sees the workspace, files.exclude, then
 * the query) against a plain recursive listing of the same folder, and one keystroke's query on the
 * built index.
 */
import { mkdirSync, mkdtempSync, promises as fs, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildFileIndex, filesExcludeRules, type FileIndex } from '../src/core/mentions';
import { medianMs, msLine, ratioLine } from './measure';

export const FOLDERS = 500;
export const FILES_PER_FOLDER = 100;

/** `FOLDERS` × `FILES_PER_FOLDER` empty files in two levels of folders, and a `.gitignore`. */
export function plantWorkspace(root: string): void {
  writeFileSync(path.join(root, '.gitignore'), '*.log\nbuild/\n');
  for (let folder = 0; folder < FOLDERS; folder++) {
    const dir = path.join(root, `pkg${folder % 25}`, `module${folder}`);
    mkdirSync(dir, { recursive: true });
    for (let file = 0; file < FILES_PER_FOLDER; file++) writeFileSync(path.join(dir, `file${file}.ts`), '');
  }
}

export async function run(): Promise<void> {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'arbor-mentions-bench-')));
  try {
    plantWorkspace(root);
    const exclude = filesExcludeRules(['**/.git', '**/.DS_Store']);
    let index: FileIndex | undefined;
    const first = await medianMs(3, async () => {
      index = await buildFileIndex({ root, exclude, signal: new AbortController().signal });
      index.query('mod12/file7');
    });
    const plain = await medianMs(3, () => fs.readdir(root, { recursive: true }));
    const keystroke = await medianMs(9, () => index!.query('pkg3 fil42'));
    console.log(`${index!.size} entries indexed`);
    console.log(msLine('first results (walk + .gitignore + files.exclude + query)', first));
    console.log(msLine('plain recursive readdir of the same folder', plain));
    console.log(msLine('one keystroke: a query on the built index', keystroke));
    console.log(ratioLine('first results / plain listing', first / plain));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
