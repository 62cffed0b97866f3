// One logger shape: the glue, like core, is handed a Logger (src/core/util/logger.ts). Only the
// composition root holds the output channel itself (it creates it, and Show Log reveals it), so a
// feature cannot reach the channel's other powers (clearing it, showing it, changing its level).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { typeScriptFilesUnder } from '../../support/sourceFiles';

const SRC = path.resolve(__dirname, '../../../src');

describe('the log', () => {
  it('is held as the output channel by the composition root only; the glue takes a Logger', () => {
    const holders = typeScriptFilesUnder(SRC)
      .filter((file) => /\bLogOutputChannel\b|createOutputChannel\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'));
    assert.deepEqual(holders, ['extension.ts']);
  });
});
