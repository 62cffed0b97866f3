// The size limits the code keeps so that a file says what it holds: no source file over 450 lines,
// and at most 12 files at the top of src/vscode (the glue lives in feature folders; the top holds
// only what every feature uses). A feature that grows a file past the limit splits it instead.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { typeScriptFilesUnder } from '../support/sourceFiles';

const SRC = path.resolve(__dirname, '../../src');
const MAX_LINES = 450;
const MAX_GLUE_TOP_FILES = 12;

describe('source sizes', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const long = typeScriptFilesUnder(SRC)
      .map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it(`keeps at most ${MAX_GLUE_TOP_FILES} files at the top of src/vscode`, () => {
    const top = readdirSync(path.join(SRC, 'vscode'), { withFileTypes: true }).filter((entry) => entry.isFile());
    assert.ok(top.length <= MAX_GLUE_TOP_FILES, `${top.length} files: ${top.map((entry) => entry.name).join(', ')}`);
  });
});
