// The API key stored with "Set Anthropic API Key" is used for requests, yet after a run it is in
// no file of the VS Code user-data folder, the workspace, the logs or the session files.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EXTENSION_LOGS_ENV } from '../vscode/results';
import { text, toolUse, reply } from '../support/fakeAnthropic';
import { configure, send, TEST_KEY, useAgent } from './agentSupport';
import { arborLog } from './support';

/** The run's temporary folder: the parent of code-server's user-data folder (which holds the logs). */
function runFolder(): string {
  const logs = process.env[EXTENSION_LOGS_ENV];
  if (!logs) throw new Error(`${EXTENSION_LOGS_ENV} is not set`);
  for (let dir = logs; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (path.basename(dir) === 'user-data') return path.dirname(dir);
  }
  throw new Error(`no user-data folder above ${logs}`);
}

/** Every regular file below `dir` (symlinks not followed). */
function* filesBelow(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full);
    else if (entry.isFile()) yield full;
  }
}

describe('The API key', () => {
  const agent = useAgent();

  it('is sent to the API but written to no file (user data, workspace, logs, sessions)', async () => {
    await configure({ 'tools.autoApprove': ['bash'] });
    // A tool that could leak the environment into the session: the key is not in the extension host's env.
    agent.server().script(reply(toolUse('bash', { command: 'env' })), text('Done.'));
    await send(agent.host(), 'show me the environment');
    const sent = agent.server().messageRequests()[0]!.headers;
    assert.ok(sent['x-api-key'] === TEST_KEY || sent.authorization === `Bearer ${TEST_KEY}`, 'the stored key was used');
    assert.notEqual(arborLog(), '');

    const roots = [runFolder(), ...fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('arbor-int-sessions-')).map((name) => path.join(os.tmpdir(), name))];
    const needle = Buffer.from(TEST_KEY);
    const found: string[] = [];
    let scanned = 0;
    for (const root of roots) {
      for (const file of filesBelow(root)) {
        scanned++;
        if (fs.readFileSync(file).includes(needle)) found.push(file);
      }
    }
    assert.ok(scanned > 10, `scanned ${scanned} files`);
    assert.deepEqual(found, []);
  });
});
