import { strict as assert } from 'node:assert';
import { copyFileSync, lstatSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../support/fixtures';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

const SYNTHETIC = fixturePath('synthetic-branched.jsonl');

describe('arbor export', () => {
  const tmp = useTempDir();

  it('writes the branch as JSONL with a new header and linear parents, as pi /export does', async () => {
    const out = path.join(tmp(), 'out.jsonl');
    const report = await arborJson<{ format: string; leafId: string; entryCount: number; output: string }>('export', SYNTHETIC, '--format', 'jsonl', '-o', out);
    assert.deepEqual(report, { format: 'jsonl', leafId: 'l03', entryCount: 24, output: out, exitCode: 0 });
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(lines[0], { type: 'session', version: 3, id: '0194a000-0000-7000-8000-000000000001', timestamp: '2026-03-01T12:00:00.000Z', cwd: '/home/dev/demo' });
    assert.equal(lines.length, 25);
    assert.equal(lines[1]!.parentId, null);
    lines.slice(2).forEach((entry, index) => assert.equal(entry.parentId, lines[index + 1]!.id));
    assert.deepEqual(lines.map((entry) => entry.id).slice(1, 4), ['e01', 'e02', 'e03']);
    // b01 hung under the label e10; in the export it follows it directly, as before.
    assert.deepEqual(Object.keys(lines[11]!), ['type', 'id', 'parentId', 'timestamp', 'fromId', 'summary', 'details']);
  });

  it('exports JSONL that pi loads with the same leaf and context as the source branch', async () => {
    const pi = await loadPi();
    const out = path.join(tmp(), 'branch.jsonl');
    await arbor('export', SYNTHETIC, '--leaf', 'e14', '--format', 'jsonl', '-o', out);
    const exported = pi.SessionManager.open(out, tmp());
    const source = pi.SessionManager.open(SYNTHETIC, tmp());
    source.branch('e14');
    assert.equal(exported.getLeafId(), 'e14');
    assert.deepEqual(exported.buildSessionContext(), source.buildSessionContext());
    assert.equal(exported.getHeader()?.parentSession, undefined);
  });

  it('writes Markdown with one section per conversation entry and labels on their targets', async () => {
    const run = await arbor('export', SYNTHETIC, '--format', 'md');
    assert.equal(run.code, 0);
    const md = run.stdout;
    assert.ok(md.startsWith('# Synthetic fixture\n\n- **session:** 0194a000-0000-7000-8000-000000000001\n'));
    assert.match(md, /\n## User — label “tests”\n\n<sub>entry b02<\/sub>\n\nWrite tests for src\/a\.ts instead\n/);
    assert.match(md, /\n## Shell command\n\n<sub>entry b03<\/sub>\n\n```sh\n\$ npm test\n1 passing\n\n```\n/);
    assert.match(md, /\n## Compaction summary\n\n<sub>entry c01<\/sub>\n\n_5000 tokens summarized; kept from entry b02_\n/);
    // 24 entries on the branch; labels (e10, l02, l03), the name (s01) and custom data (b05) get no section.
    assert.equal((md.match(/^<sub>entry /gm) ?? []).length, 19);
    assert.match(md, /\n## Model change\n\n<sub>entry e01<\/sub>\n\n_Model: anthropic\/claude-sonnet-4-5_\n/);
    assert.doesNotMatch(md, /entry (l02|l03|s01|b05)</);
  });

  it('fences code that itself contains backticks with a longer fence', async () => {
    const file = path.join(tmp(), 's.jsonl');
    const header = { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' };
    const bash = { type: 'message', id: 'b1', parentId: null, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'bashExecution', command: 'cat x.md', output: '```js\nx\n```', exitCode: 0, cancelled: false, truncated: false, timestamp: 1 } };
    writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(bash)}\n`);
    const run = await arbor('export', file, '--format', 'md');
    assert.match(run.stdout, /\n````sh\n\$ cat x\.md\n```js\nx\n```\n````\n/);
  });

  it('writes standalone HTML: session text escaped, no script, nothing loaded from outside', async () => {
    const file = path.join(tmp(), 's.jsonl');
    const header = { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' };
    const hostile = '<script>alert(1)</script><img src="https://evil.example/x.png" onerror="x()">';
    const user = { type: 'message', id: 'u1', parentId: null, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: hostile, timestamp: 1 } };
    const name = { type: 'session_info', id: 'n1', parentId: 'u1', timestamp: '2026-01-01T00:00:02.000Z', name: '</title><script>' };
    writeFileSync(file, [header, user, name].map((line) => `${JSON.stringify(line)}\n`).join(''));
    const out = path.join(tmp(), 'page.html');
    await arbor('export', file, '--format', 'html', '-o', out);
    const html = readFileSync(out, 'utf8');
    assert.ok(html.startsWith('<!DOCTYPE html>\n<html lang="en">'));
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/);
    assert.equal((html.match(/<script/g) ?? []).length, 0);
    assert.doesNotMatch(html, /<[^>]*\s(src|href)=/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;img src&#61;&quot;https:\/\/evil\.example\/x\.png&quot;/);
    assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;<\/title>/);
  });

  it('puts the document in the JSON report when there is no -o', async () => {
    const report = await arborJson<{ content: string; output: null; entryCount: number }>('export', fixturePath('legacy-v1.jsonl'), '--format', 'md');
    assert.equal(report.output, null);
    assert.equal(report.entryCount, 9);
    assert.ok(report.content.startsWith('# Session legacy-session-1\n'));
  });

  it('refuses to overwrite the session file itself, and needs --format', async () => {
    const noFormat = await arbor('export', SYNTHETIC);
    assert.equal(noFormat.code, 2);
    assert.equal(noFormat.stderr, 'arbor export: option --format is required (md, html or jsonl) (see arbor --help)\n');
    const self = await arbor('export', SYNTHETIC, '--format', 'jsonl', '-o', SYNTHETIC);
    assert.equal(self.code, 2);
    assert.match(self.stderr, /is the session file itself/);
  });

  it('replaces a link at the output name by the document, and what the link pointed at stays as it was', async () => {
    const victim = path.join(tmp(), 'bashrc');
    writeFileSync(victim, 'export PATH="$HOME/bin:$PATH"\n');
    const session = path.join(tmp(), 'session.jsonl');
    copyFileSync(SYNTHETIC, session);
    const out = path.join(tmp(), 'out.md');
    const toSession = path.join(tmp(), 'again.jsonl');
    symlinkSync(victim, out);
    symlinkSync(session, toSession);
    assert.equal((await arbor('export', SYNTHETIC, '--format', 'md', '-o', out)).code, 0);
    assert.equal((await arbor('export', session, '--format', 'jsonl', '-o', toSession)).code, 0);
    assert.equal(readFileSync(victim, 'utf8'), 'export PATH="$HOME/bin:$PATH"\n');
    assert.equal(readFileSync(session, 'utf8'), readFileSync(SYNTHETIC, 'utf8'));
    assert.deepEqual([lstatSync(out).isFile(), lstatSync(toSession).isFile()], [true, true]);
    assert.ok(readFileSync(out, 'utf8').startsWith('# '));
    assert.equal(statSync(out).mode & 0o777, 0o600);
    assert.throws(() => readlinkSync(out), { code: 'EINVAL' });
  });
});
