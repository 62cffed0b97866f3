// The Sessions view's commands in the real extension host: Rename appends a session_info entry to
// that very file (through the open session when it is the current one), Delete moves the file to
// the trash (closing the session first when it is open), Export Session writes the current branch
// as Markdown, HTML and a JSONL that `arbor check` passes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkReport } from '../../src/cli/commands/check';
import { createSessionFile, loadSessionFile, type Session } from '../../src/core/session';
import { assistant, user } from '../support/builders';
import { entriesOnDisk, useAgent } from './agentSupport';
import { arborLog, escapeRegExp, own } from './support';

/** pi's folder name for a project, written out independently of Arbor's code. */
function piProjectFolder(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, '').replace(/[/\\:]/g, '-')}--`;
}

interface GardenSession {
  session: Session;
  file: string;
}

/** Two branches after "Plant tomatoes.": herbs (abandoned) and flowers (where the file reopens). */
async function gardenSession(dir: string): Promise<GardenSession> {
  const cwd = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const session = await createSessionFile({ dir, cwd });
  await session.appendMessage(user('Plan the garden'));
  const fork = await session.appendMessage(assistant('Plant tomatoes.'));
  await session.appendMessage(user('What about herbs?'));
  await session.appendMessage(assistant('Basil and thyme.'));
  await session.branch(fork);
  await session.appendMessage(user('What about flowers?'));
  await session.appendMessage(assistant('Tulips and roses.'));
  await session.sync();
  return { session, file: session.file! };
}

function trashDir(): string {
  // code-server gives the extension host its own XDG_DATA_HOME (scripts/lib/codeServer.ts).
  const dataHome = process.env.XDG_DATA_HOME;
  assert.ok(dataHome, 'the test run sets XDG_DATA_HOME');
  return path.join(dataHome, 'Trash');
}

describe('Sessions: rename, delete, export', () => {
  const agent = useAgent();
  let folder = '';

  beforeEach(() => {
    folder = path.join(agent.sessions(), piProjectFolder(vscode.workspace.workspaceFolders![0]!.uri.fsPath));
  });

  it('lists new sessions in the folder the Sessions view reads', async () => {
    assert.equal(agent.host().sessionsFolder().dir, folder);
  });

  it('renames a session that is not open by appending session_info to its file, after its last entry', async () => {
    const { file } = await gardenSession(folder);
    const before = entriesOnDisk(file);
    const renamed = await vscode.commands.executeCommand<boolean>('arbor.sessions.rename', await own(file), await own('  Garden plans '));
    assert.equal(renamed, true);
    const after = entriesOnDisk(file);
    assert.equal(after.length, before.length + 1);
    assert.deepEqual(after.slice(0, -1), before);
    const info = after.at(-1)! as { type: string; name?: string; parentId: string | null };
    assert.deepEqual([info.type, info.name, info.parentId], ['session_info', 'Garden plans', before.at(-1)!.id]);
    const loaded = await loadSessionFile(file);
    assert.equal(loaded.tree.sessionName, 'Garden plans');
    assert.equal(checkReport(loaded).ok, true);
    assert.equal(agent.host().session, undefined, 'renaming opened the session');
  });

  it('renames the open session through it (Rename Session…), so the chat and the file agree', async () => {
    const { file } = await gardenSession(folder);
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(file)), true);
    const open = agent.host().session!;
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.renameSession', await own('Flower beds')), true);
    assert.equal(open.sessionName, 'Flower beds');
    assert.equal(agent.host().session, open, 'the open session was replaced');
    const last = entriesOnDisk(file).at(-1)! as { type: string; name?: string };
    assert.deepEqual([last.type, last.name], ['session_info', 'Flower beds']);
    assert.equal((await loadSessionFile(file)).tree.sessionName, 'Flower beds');
  });

  it('deletes a session to the trash: gone from the folder, in Trash/files with its info', async () => {
    const { file } = await gardenSession(folder);
    const content = fs.readFileSync(file, 'utf8');
    const deleted = await vscode.commands.executeCommand<boolean>('arbor.sessions.delete', await own(file), await own({ confirmed: true }));
    assert.equal(deleted, true);
    assert.equal(fs.existsSync(file), false);
    assert.deepEqual(fs.readdirSync(folder), []);
    const trashed = path.join(trashDir(), 'files', path.basename(file));
    const info = path.join(trashDir(), 'info', `${path.basename(file)}.trashinfo`);
    try {
      assert.equal(fs.readFileSync(trashed, 'utf8'), content);
      assert.match(fs.readFileSync(info, 'utf8'), new RegExp(`^\\[Trash Info\\]\\nPath=${trashInfoPath(file)}\\nDeletionDate=\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\n$`));
    } finally {
      fs.rmSync(trashed, { force: true });
      fs.rmSync(info, { force: true });
    }
  });

  it('closes the open session before deleting its file', async () => {
    const { file } = await gardenSession(folder);
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(file)), true);
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.sessions.delete', await own(file), await own({ confirmed: true })), true);
    assert.equal(agent.host().session?.file, undefined, arborLog().slice(-4000));
    assert.equal(fs.existsSync(file), false);
    fs.rmSync(path.join(trashDir(), 'files', path.basename(file)), { force: true });
    fs.rmSync(path.join(trashDir(), 'info', `${path.basename(file)}.trashinfo`), { force: true });
  });

  it('exports the current branch as Markdown, HTML and a JSONL that arbor check passes, replacing a link at the name rather than writing through it', async () => {
    const { file } = await gardenSession(folder);
    assert.equal(await vscode.commands.executeCommand<boolean>('arbor.openSession', await own(file)), true);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-int-export-'));
    try {
      const victim = path.join(out, 'bashrc');
      fs.writeFileSync(victim, 'export PATH="$HOME/bin:$PATH"\n');
      fs.symlinkSync(victim, path.join(out, 'garden.md'));
      const written: Record<string, string> = {};
      for (const format of ['md', 'html', 'jsonl']) {
        const target = path.join(out, `garden.${format}`);
        const result = await vscode.commands.executeCommand<string | undefined>('arbor.exportSession', await own({ format, file: target }));
        assert.equal(result, target);
        written[format] = fs.readFileSync(target, 'utf8');
      }
      for (const format of ['md', 'html']) {
        for (const said of ['Plan the garden', 'Plant tomatoes.', 'What about flowers?', 'Tulips and roses.']) assert.ok(written[format]!.includes(said), `${format} lacks "${said}"`);
        for (const elsewhere of ['What about herbs?', 'Basil and thyme.']) assert.ok(!written[format]!.includes(elsewhere), `${format} holds the other branch's "${elsewhere}"`);
      }
      assert.ok(!/<script/i.test(written.html!), 'the HTML carries a script');
      assert.equal(fs.readFileSync(victim, 'utf8'), 'export PATH="$HOME/bin:$PATH"\n', 'the link was written through');
      assert.equal(fs.lstatSync(path.join(out, 'garden.md')).isFile(), true);
      assert.deepEqual(fs.readdirSync(out).sort(), ['bashrc', 'garden.html', 'garden.jsonl', 'garden.md']);
      const loaded = await loadSessionFile(path.join(out, 'garden.jsonl'));
      assert.deepEqual(checkReport(loaded), { ok: true, malformedLines: [], orphans: [], cycles: [], duplicateIds: [], tornTail: false });
      const texts = loaded.tree.entries.map((entry) => JSON.stringify(entry));
      assert.deepEqual(
        ['Plan the garden', 'Plant tomatoes.', 'What about flowers?', 'Tulips and roses.'].map((said) => texts.filter((t) => t.includes(said)).length),
        [1, 1, 1, 1],
      );
      assert.equal(texts.filter((t) => t.includes('herbs') || t.includes('Basil')).length, 0);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

/** The path as the trash's info file writes it (URL-escaped segments), as a literal pattern. */
function trashInfoPath(text: string): string {
  return escapeRegExp(text.split('/').map(encodeURIComponent).join('/'));
}
