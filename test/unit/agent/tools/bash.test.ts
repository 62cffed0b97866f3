import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { createBashTool } from '../../../../src/core/agent/tools/bash';
import type { ToolResult } from '../../../../src/core/agent/tools/tool';
import { textOf, useWorkspace } from './support';

/** Dead: no such process, or a zombie waiting to be reaped (it runs no more). */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    // No such process, or it vanished between the two looks.
    return true;
  }
}

/**
 * A signal is delivered after kill() returns, so a killed process may still run for a moment on a
 * busy machine: wait (bounded) for it to die. A process that was never signalled stays alive and
 * the wait ends false.
 */
async function diesSoon(pid: number, withinMs = 5_000): Promise<boolean> {
  for (let waited = 0; waited < withinMs; waited += 25) {
    if (isGone(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return isGone(pid);
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe('bash tool', () => {
  const workspace = useWorkspace();
  const bash = (outputDirectory: string) => createBashTool({ outputDirectory, killGraceMs: 300 });

  it('runs in the workspace folder and returns the output with exit code 0', async () => {
    const ws = workspace();
    assert.deepEqual(await ws.run(bash(ws.outside), { command: 'pwd' }), {
      content: [{ type: 'text', text: ws.root }],
      details: { exitCode: 0 },
      isError: false,
    });
    // stdout and stderr are two pipes, so only one of them is used per command here (their interleaving is up to the OS).
    assert.equal(textOf(await ws.run(bash(ws.outside), { command: 'echo warning >&2' })), 'warning');
    assert.equal(textOf(await ws.run(bash(ws.outside), { command: 'true' })), '(no output)');
  });

  it('reports a non-zero exit code as an error with the output', async () => {
    const ws = workspace();
    assert.deepEqual(await ws.run(bash(ws.outside), { command: 'echo partial; exit 7' }), {
      content: [{ type: 'text', text: 'partial\n\nCommand exited with code 7' }],
      details: { exitCode: 7 },
      isError: true,
    });
  });

  it('stops a command at its timeout, with the whole process group', async () => {
    const ws = workspace();
    const result = await ws.run(bash(ws.outside), { command: 'sleep 60 & echo $!; wait', timeout: 0.5 });
    const [pid, , status] = textOf(result).split('\n');
    assert.equal(status, 'Command timed out after 0.5 seconds and was stopped');
    assert.deepEqual({ isError: result.isError, details: result.details }, { isError: true, details: { exitCode: null } });
    assert.equal(await diesSoon(Number(pid)), true);
  });

  it('on abort kills the shell and its children, then returns what was captured', async () => {
    const ws = workspace();
    const controller = new AbortController();
    const pending = ws.run(bash(ws.outside), { command: 'sleep 60 & echo $!; wait' }, {
      signal: controller.signal,
      onUpdate: (partial) => {
        if (textOf(partial).trim() !== '') controller.abort();
      },
    });
    const result = await pending;
    const [pid, , status] = textOf(result).split('\n');
    assert.equal(status, 'Command aborted');
    assert.equal(result.isError, true);
    assert.equal(await diesSoon(Number(pid)), true);
  });

  it('kills children that ignore SIGTERM once the grace time is over', async () => {
    const ws = workspace();
    const controller = new AbortController();
    const result = await ws.run(bash(ws.outside), { command: "trap '' TERM; sleep 60 & echo $!; wait" }, {
      signal: controller.signal,
      onUpdate: (partial) => {
        if (textOf(partial).trim() !== '') controller.abort();
      },
    });
    const pid = Number(textOf(result).split('\n')[0]);
    assert.equal(textOf(result).endsWith('Command aborted'), true);
    assert.equal(await diesSoon(pid), true);
  });

  it('keeps the tail of 10 MB of output and saves all of it to a file', async () => {
    const ws = workspace();
    const result: ToolResult = await ws.run(bash(ws.outside), { command: "head -c 10000000 /dev/zero | tr '\\0' a" });
    const details = result.details as { fullOutputPath: string; truncation: { totalBytes: number; outputBytes: number; lastLinePartial: boolean } };
    assert.equal(details.fullOutputPath.startsWith(`${ws.outside}/arbor-bash-`), true);
    assert.equal(statSync(details.fullOutputPath).size, 10_000_000);
    assert.deepEqual(
      { totalBytes: details.truncation.totalBytes, outputBytes: details.truncation.outputBytes, lastLinePartial: details.truncation.lastLinePartial },
      { totalBytes: 10_000_000, outputBytes: 50 * 1024, lastLinePartial: true },
    );
    assert.equal(textOf(result), `${'a'.repeat(50 * 1024)}\n\n[Only the last 50.0KB of line 1 are shown. Full output: ${details.fullOutputPath}]`);
  });

  it('shows the last 2000 lines of a long output and saves the whole output', async () => {
    const ws = workspace();
    const result = await ws.run(bash(ws.outside), { command: 'seq 1 300000' });
    const { fullOutputPath } = result.details as { fullOutputPath: string };
    const expectedTail = Array.from({ length: 2000 }, (_, index) => String(298_001 + index)).join('\n');
    assert.equal(textOf(result), `${expectedTail}\n\n[Lines 298001-300000 of 300000 shown (limit 2000 lines). Full output: ${fullOutputPath}]`);
    const saved = readFileSync(fullOutputPath, 'utf8');
    assert.equal(saved, `${Array.from({ length: 300_000 }, (_, index) => index + 1).join('\n')}\n`);
  });

  it('returns when the shell exits even though a background child still holds the output open', async () => {
    const ws = workspace();
    const result = await ws.run(bash(ws.outside), { command: 'sleep 60 & echo $!' });
    const pid = Number(textOf(result));
    try {
      assert.deepEqual({ isError: result.isError, alive: !isGone(pid) }, { isError: false, alive: true });
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  });

  it('streams partial output to onUpdate while the command runs', async () => {
    const ws = workspace();
    // The command waits on a pipe that the test feeds only from onUpdate: the update must come first.
    const fifo = path.join(ws.root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const seen: string[] = [];
    const result = await ws.run(bash(ws.outside), { command: 'echo first; cat fifo' }, {
      onUpdate: (partial) => {
        seen.push(textOf(partial));
        if (seen.length === 1) void writeFile(fifo, 'second\n');
      },
    });
    assert.deepEqual({ first: seen[0], final: textOf(result) }, { first: 'first', final: 'first\nsecond' });
  });

  it('does not hand the API key or the other credentials Arbor reads to the command', async () => {
    const ws = workspace();
    const saved = { key: process.env.ANTHROPIC_API_KEY, token: process.env.ANTHROPIC_AUTH_TOKEN, marker: process.env.ARBOR_TEST_MARKER };
    process.env.ANTHROPIC_API_KEY = 'sk-ant-api03-never-in-a-child';
    process.env.ANTHROPIC_AUTH_TOKEN = 'auth-token-never-in-a-child';
    process.env.ARBOR_TEST_MARKER = 'passed-through';
    try {
      const lines = textOf(await ws.run(bash(ws.outside), { command: 'env' })).split('\n');
      assert.deepEqual(
        lines.filter((line) => /^(ANTHROPIC_API_KEY|ANTHROPIC_AUTH_TOKEN|ARBOR_TEST_MARKER)=/.test(line)),
        ['ARBOR_TEST_MARKER=passed-through'],
      );
    } finally {
      restoreEnv('ANTHROPIC_API_KEY', saved.key);
      restoreEnv('ANTHROPIC_AUTH_TOKEN', saved.token);
      restoreEnv('ARBOR_TEST_MARKER', saved.marker);
    }
  });

  it('saves the full output to a new file only its owner can read', async () => {
    const ws = workspace();
    const result = await ws.run(createBashTool({ outputDirectory: ws.outside, maxLines: 5 }), { command: 'seq 1 50' });
    const { fullOutputPath } = result.details as { fullOutputPath: string };
    assert.equal(statSync(fullOutputPath).mode & 0o777, 0o600);
    assert.match(path.basename(fullOutputPath), /^arbor-bash-[0-9a-f]{16}\.log$/);
  });

  it('refuses a missing command, a bad timeout and a missing workspace folder in plain words', async () => {
    const ws = workspace();
    assert.equal(textOf(await ws.run(bash(ws.outside), {})), 'Invalid arguments: "command" must be a string (got nothing).');
    assert.equal(textOf(await ws.run(bash(ws.outside), { command: 'true', timeout: -1 })), 'Invalid arguments: "timeout" must be a positive number (got -1).');
    const gone = path.join(ws.root, 'gone');
    assert.equal(textOf(await ws.run(bash(ws.outside), { command: 'true' }, { root: gone })), `The workspace folder ${gone} does not exist; the command was not run.`);
  });
});
