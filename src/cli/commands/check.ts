/**
 * `arbor check <file>`: what is wrong with a session file. Exit 1 when anything is (the JSON
 * report is still printed, with `"ok": false`). The report itself is core's: the chat shows the
 * same text for a session opened with problems.
 */
import { checkReport, checkText } from '../../core/session';
import type { Command } from '../command';
import { EXIT_OK, EXIT_PROBLEM } from '../io';
import { loadForCli } from '../load';

export { checkReport, type CheckReport } from '../../core/session';

export const checkCommand: Command = {
  name: 'check',
  usage: '',
  summary: 'report malformed lines and entries of the wrong shape, orphans, cycles, duplicate ids and a torn last line (exit 1 if any)',
  flags: [],
  async run({ file }) {
    const loaded = await loadForCli(file);
    const report = checkReport(loaded);
    return { exitCode: report.ok ? EXIT_OK : EXIT_PROBLEM, json: () => report, text: () => checkText(loaded, report) };
  },
};
