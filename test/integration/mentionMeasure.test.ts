// The @ list's "Must hold": on a 50 000-file workspace its first results (the index built on the
// first `@`, through the host's own MentionIndex, then the query) against one
// vscode.workspace.findFiles over the same workspace. No timing assertion: both times are printed
// and written to test-results/mention-measure.json; the test checks that both saw the same files.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { MentionIndex } from '../../src/vscode/mentions/mentionIndex';
import { RESULT_FILE_ENV } from '../vscode/results';
import { workspaceFile } from './support';

const FOLDERS = 500;
const FILES_PER_FOLDER = 100;

describe('The @ list on a large workspace', function () {
  this.timeout(10 * 60_000);
  const planted = workspaceFile('mention-measure');

  after(() => fs.rmSync(planted, { recursive: true, force: true }));

  it("measures the @ list's first results against findFiles over 50 000 files", async () => {
    for (let folder = 0; folder < FOLDERS; folder++) {
      const dir = path.join(planted, `pkg${folder % 25}`, `module${folder}`);
      fs.mkdirSync(dir, { recursive: true });
      for (let file = 0; file < FILES_PER_FOLDER; file++) fs.writeFileSync(path.join(dir, `file${file}.ts`), '');
    }
    const log = vscode.window.createOutputChannel('Arbor mention measure', { log: true });
    const index = new MentionIndex(log);
    try {
      let start = performance.now();
      const found = await vscode.workspace.findFiles('**/*');
      const findFilesMs = performance.now() - start;
      start = performance.now();
      const first = await index.query('module42/file7');
      const firstResultsMs = performance.now() - start;
      start = performance.now();
      await index.query('pkg3 file42');
      const keystrokeMs = performance.now() - start;

      assert.equal(first[0]?.path, 'mention-measure/pkg17/module42/file7.ts');
      const plantedFound = found.filter((uri) => uri.fsPath.startsWith(planted + path.sep)).length;
      assert.equal(plantedFound, FOLDERS * FILES_PER_FOLDER);
      const report = { files: found.length, findFilesMs: Math.round(findFilesMs), firstResultsMs: Math.round(firstResultsMs), ratio: Number((firstResultsMs / findFilesMs).toFixed(2)), keystrokeMs: Math.round(keystrokeMs) };
      console.log(`      @ list measure: ${JSON.stringify(report)}`);
      // Beside the run's results file (test-results/ unless the runner names another).
      const resultFile = process.env[RESULT_FILE_ENV];
      assert.ok(resultFile, 'the runner names its results file');
      fs.writeFileSync(path.join(path.dirname(resultFile), 'mention-measure.json'), `${JSON.stringify(report, null, 2)}\n`);
    } finally {
      index.dispose();
      log.dispose();
    }
  });
});
