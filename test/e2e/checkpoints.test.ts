// Workspace checkpoints through the real UI, with real git and real files: two branches that
// change the same file differently (one by `edit`, one by `bash`) switched back and forth in the
// Session Tree, the files compared after each switch; a restore undone by switching back; Edit &
// branch on the first message and Undo Compaction with the files question; a turn's card in the
// chat (its diff, "Restore files before this turn"); Undo Restore where the user looks right after
// a restore (the move note, the notification) and in the palette. The workspace is the user's own git
// repository the whole time, and it ends byte-identical (HEAD, branches, index, stash, reflog,
// untracked and ignored files). Each scenario starts its own session on its own file.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, chat, conversationText, newSession, readEntries, send, sessionFiles, waitForCardText, waitForInput, waitForSessionFileWith, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { clickTreeRow, openArborForTree, pickItem, quickInput, quickPickLabels, quickPickShows, rowMenu, treeRow } from './support/treeUi';
import { poll } from './support/workbench';

/** The user's own files in the repository (tracked, untracked, ignored): never touched by Arbor. */
const USER_FILES: Record<string, string> = {
  'user-repo/tracked.txt': 'tracked, committed then changed and staged\n',
  'user-repo/untracked.txt': 'untracked, never added\n',
  'user-repo/ignored.log': 'ignored by .gitignore\n',
};

/** The files the scenarios made (removed at the end). */
const made: string[] = [];
/** A file name of the workspace no other scenario uses. */
function fileFor(scenario: string): string {
  const name = `ckpt-${scenario}-${Date.now().toString(36)}-${made.length}.txt`;
  made.push(name);
  return name;
}

function workspacePath(name: string): string {
  return path.join(workbench().workspaceDir, name);
}

function read(name: string): string | undefined {
  const file = workspacePath(name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

async function fileIs(name: string, expected: string | undefined, why: string): Promise<void> {
  await poll(`${name} to be ${JSON.stringify(expected)} (${why})`, 20_000, async () => (read(name) === expected ? true : undefined)).catch(() => undefined);
  assert.equal(read(name), expected, why);
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: workbench().workspaceDir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'Ada', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' } });
}

/** Every file below `.git` and the user's own files, by path, as hashes of their bytes and modes. */
function repositoryFingerprint(): Record<string, string> {
  const root = workbench().workspaceDir;
  const out: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const name of fs.readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const stat = fs.lstatSync(full);
      const rel = path.relative(root, full);
      if (stat.isDirectory()) walk(full);
      else out[rel] = `${stat.mode.toString(8)} ${stat.isSymbolicLink() ? fs.readlinkSync(full) : createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`;
    }
  };
  walk(path.join(root, '.git'));
  for (const name of [...Object.keys(USER_FILES), '.gitignore']) out[name] = createHash('sha256').update(fs.readFileSync(path.join(root, name))).digest('hex');
  return out;
}

/**
 * The workspace becomes the user's repository: a commit on a branch of its own, a stash, a staged
 * change, untracked and ignored files. Files get times in the past, and git's index is refreshed,
 * so that no later `git status` (VS Code's git runs one) has a reason to rewrite it.
 */
function makeUserRepository(): void {
  const root = workbench().workspaceDir;
  const past = new Date(Date.now() - 3_600_000);
  git('init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(root, '.gitignore'), '*.log\n');
  fs.mkdirSync(path.join(root, 'user-repo'), { recursive: true });
  fs.writeFileSync(path.join(root, 'user-repo/tracked.txt'), 'first version\n');
  git('add', '.gitignore', 'user-repo/tracked.txt');
  git('commit', '-q', '-m', 'the user\'s commit');
  git('checkout', '-q', '-b', 'feature');
  fs.writeFileSync(path.join(root, 'user-repo/tracked.txt'), 'stashed change\n');
  git('stash', '-q');
  for (const [name, content] of Object.entries(USER_FILES)) fs.writeFileSync(path.join(root, name), content);
  for (const name of [...Object.keys(USER_FILES), '.gitignore']) fs.utimesSync(path.join(root, name), past, past);
  git('add', 'user-repo/tracked.txt');
  execFileSync('sleep', ['1.2']);
  git('update-index', '--refresh');
  git('status', '--porcelain');
}

/**
 * Answers the move's one question with the item for `files` (an item label, or a start such as
 * "Restore files ("), and "No summary" when the question asks about the summary too.
 */
async function answerMove(files: string): Promise<void> {
  await poll(`the question offering "${files}"`, async () => {
    if (!(await quickInput().isVisible())) return undefined;
    const labels = await quickPickLabels().catch(() => [] as string[]);
    const item = labels.find((label) => label.startsWith(files) || label.startsWith(`No summary · ${files}`));
    if (item === undefined) return undefined;
    // The hover of the item under the pointer (its detail) would take the click meant for another.
    const page = workbench().page;
    await page.mouse.move(1, 1);
    await page.locator('.context-view').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    await pickItem(item);
    return true;
  });
}

/** The label of the quick pick's preselected item. */
async function activeItem(): Promise<string> {
  return quickInput().locator('.monaco-list-row.focused .label-name').first().innerText();
}

/** Waits until the note above the input says the move to `reply` is done (it comes after the files were restored and recorded). */
async function movedTo(reply: string): Promise<void> {
  const note = (await chat()).locator('.move-note');
  await poll(`the move note to say "Continuing after: ${reply}"`, async () => ((await note.count()) > 0 && (await note.innerText()).includes(`Continuing after: ${reply}`) ? true : undefined));
}

/** Opens a Session Tree row's children (another branch's root is shown folded) by its twistie. */
async function expandTreeRow(labelStart: string): Promise<void> {
  const row = treeRow(labelStart);
  await row.waitFor();
  const open = async (): Promise<boolean> => (await row.getAttribute('aria-expanded')) === 'true';
  // A click the tree did not take yet is given again, but only once the last one had time to show.
  for (let attempt = 0; attempt < 3 && !(await open()); attempt++) {
    await row.locator('.monaco-tl-twistie').click().catch(() => undefined);
    await poll(`the row "${labelStart}" to open`, 5_000, async () => ((await open()) ? true : undefined)).catch(() => undefined);
  }
  assert.ok(await open(), `the row "${labelStart}" did not open`);
}

/** Sends `prompt` and waits for `done` on screen; approvals that show meanwhile are given (Allow once / Accept). */
async function turn(prompt: string, done: string): Promise<void> {
  await send(prompt);
  const frame = await chat();
  const allow = frame.getByRole('button', { name: /^(Allow once|Accept)$/ });
  await poll(`the reply "${done}"`, async () => {
    if ((await allow.count()) > 0) await allow.first().click().catch(() => undefined);
    return (await conversationText().catch(() => '')).includes(done) ? true : undefined;
  });
}

/** The answered question goes (its widget may take a moment to leave); a second question would stay. */
async function noSecondQuestion(): Promise<void> {
  const gone = await quickInput()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .then(() => true, () => false);
  assert.equal(gone, true, 'no second question');
}

describe('Workspace checkpoints in the real VS Code', () => {
  let fingerprint: Record<string, string>;

  before(async () => {
    makeUserRepository();
    fingerprint = repositoryFingerprint();
    await openArborForTree();
  });

  after(() => {
    // The next suites find the workspace as it was before this one.
    const root = workbench().workspaceDir;
    for (const name of ['.git', '.gitignore', 'user-repo', ...made]) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  });

  afterEach(async () => {
    if (await quickInput().isVisible()) await workbench().closeQuickInput();
  });

  it('restores each branch\'s files when switching between a branch that edited a file and one that rewrote it by bash, and a switch back undoes a restore', async () => {
    const name = fileFor('branches');
    fs.writeFileSync(workspacePath(name), 'base\n');
    await newSession();
    fake().script(reply(text('Editing.'), toolUse('edit', { path: name, oldText: 'base', newText: 'by edit' })), text('EDIT BRANCH DONE'));
    await turn(`Change ${name} by edit`, 'EDIT BRANCH DONE');
    await fileIs(name, 'by edit\n', 'the edit ran');

    // Edit & branch on the first message: the files question brings back the files from before it.
    await clickTreeRow(`user: Change ${name} by edit`);
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'base\n', 'Edit & branch on the first message restores the files before it');
    await waitForInput(`Change ${name} by edit`);

    fake().script(reply(text('Running.'), toolUse('bash', { command: `printf 'by bash\\n' > ${name}` })), text('BASH BRANCH DONE'));
    await turn(`Change ${name} by bash`, 'BASH BRANCH DONE');
    await fileIs(name, 'by bash\n', 'the bash command ran');

    await expandTreeRow(`user: Change ${name} by edit`);
    await clickTreeRow('assistant: EDIT BRANCH DONE');
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'by edit\n', 'switched to the edit branch');
    await movedTo('EDIT BRANCH DONE');
    await expandTreeRow(`user: Change ${name} by bash`);
    await clickTreeRow('assistant: BASH BRANCH DONE');
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'by bash\n', 'switched to the bash branch');
    await movedTo('BASH BRANCH DONE');
    await expandTreeRow(`user: Change ${name} by edit`);
    await clickTreeRow('assistant: EDIT BRANCH DONE');
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'by edit\n', 'switched to the edit branch again');
    await movedTo('EDIT BRANCH DONE');

    // The note's Back returns to the bash branch: the restore is undone.
    await (await chat()).getByRole('button', { name: /^Back$/ }).first().click();
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'by bash\n', 'Back undoes the restore');

    // "Keep files as they are" moves the conversation only.
    await expandTreeRow(`user: Change ${name} by edit`);
    await clickTreeRow('assistant: EDIT BRANCH DONE');
    await answerMove('Keep files as they are');
    await waitForText('EDIT BRANCH DONE');
    await fileIs(name, 'by bash\n', 'kept as they were');
    assertNoProblems();
  });

  it('asks the files question on Undo Compaction and restores the files from before the compaction', async () => {
    const name = fileFor('compaction');
    fs.writeFileSync(workspacePath(name), 'c0\n');
    await newSession();
    fake().script(reply(toolUse('write', { path: name, content: 'c1\n' })), text('COMPACT ONE DONE'));
    await turn(`Write c1 into ${name}`, 'COMPACT ONE DONE');
    fake().script(reply(toolUse('write', { path: name, content: 'c2\n' })), text('COMPACT TWO DONE'));
    await turn(`Write c2 into ${name}`, 'COMPACT TWO DONE');
    await fileIs(name, 'c2\n', 'two writes');

    fake().script(text('Checkpoint compaction summary: c1 then c2 were written.'));
    await rowMenu('assistant: COMPACT ONE DONE', 'Compact up to Here');
    await poll('the focus input box', async () => ((await quickInput().isVisible()) && (await quickInput().innerText()).includes('focus on') ? true : undefined));
    await quickInput().locator('input').press('Enter');
    await waitForText('Context compacted');

    fake().script(reply(toolUse('write', { path: name, content: 'c3\n' })), text('COMPACT THREE DONE'));
    await turn(`Write c3 into ${name}`, 'COMPACT THREE DONE');
    await fileIs(name, 'c3\n', 'written after the compaction');

    await workbench().runCommand('Arbor: Undo Compaction');
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'c2\n', 'the files from before the compaction');
    assertNoProblems();
  });

  it('shows a turn\'s changed files on its card, opens a file\'s diff for that turn, and restores the files before the turn (the conversation stays)', async () => {
    const name = fileFor('card');
    const other = fileFor('card-new');
    fs.writeFileSync(workspacePath(name), 'before the turn\n');
    await newSession();
    fake().script(reply(toolUse('write', { path: name, content: 'written in the turn\n' })), reply(toolUse('bash', { command: `printf 'new\\n' > ${other}` })), text('CARD TURN DONE'));
    await turn(`Change ${name} and make ${other}`, 'CARD TURN DONE');
    await fileIs(other, 'new\n', 'the turn made a file');

    const frame = await chat();
    const card = frame.locator('.turn-files-card');
    await poll('the turn card to count both files', async () => ((await card.count()) > 0 && (await card.innerText()).includes('Files changed in this turn (2)') ? true : undefined));
    await card.locator(':scope > summary').click();
    assert.deepEqual(await card.locator('button[data-action="turn-file-diff"]').allInnerTexts(), [name, other]);

    await card.getByRole('button', { name: name }).click();
    const tab = workbench().page.locator('.tabs-container .tab').filter({ hasText: `${name} (this turn)` });
    await tab.first().waitFor();

    await card.getByRole('button', { name: 'Restore files before this turn' }).click();
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /1 written, 1 removed/);
    await dialog.locator('.monaco-button', { hasText: 'Restore files (2 files)' }).click();
    await fileIs(name, 'before the turn\n', 'the file the turn changed');
    await fileIs(other, undefined, 'the file the turn made is removed');
    assert.ok((await conversationText()).includes('CARD TURN DONE'), 'the conversation stays where it was');

    // The restore kept the turn's files: moving away and back to the reply brings them back.
    await clickTreeRow(`user: Change ${name}`);
    await poll('the move before the first message', async () => {
      if ((await quickInput().isVisible()) && (await quickPickLabels().catch(() => [] as string[])).includes('No summary')) await pickItem('No summary');
      return (await conversationText()).includes('CARD TURN DONE') ? undefined : true;
    });
    await clickTreeRow('assistant: CARD TURN DONE');
    await answerMove('Restore files (2 files)');
    await fileIs(name, 'written in the turn\n', 'undone: the turn\'s files are back');
    await fileIs(other, 'new\n', 'undone: the made file is back');
    assertNoProblems();
  });

  it('offers Undo Restore right after a restore: on the move note, on the notification of a turn card\'s restore, and in the palette', async () => {
    const name = fileFor('undo');
    const other = fileFor('undo-new');
    fs.writeFileSync(workspacePath(name), 'before\n');
    await newSession();
    fake().script(reply(toolUse('write', { path: name, content: 'by the agent\n' })), reply(toolUse('bash', { command: `printf 'new\\n' > ${other}` })), text('UNDO TURN DONE'));
    await turn(`Change ${name} and make ${other}`, 'UNDO TURN DONE');
    await fileIs(other, 'new\n', 'the turn ran');

    // A move that restores: its note offers Undo Restore beside Back.
    await clickTreeRow(`user: Change ${name}`);
    await answerMove('Restore files (2 files)');
    await fileIs(name, 'before\n', 'Edit & branch restored the files before the turn');
    await fileIs(other, undefined, 'and removed the file it made');
    const frame = await chat();
    const note = frame.locator('.move-note');
    await note.getByRole('button', { name: 'Undo Restore' }).click();
    await fileIs(name, 'by the agent\n', 'the note\'s Undo Restore brings the files back');
    await fileIs(other, 'new\n', 'the made file too');
    await poll('the note to say the restore is undone', async () => ((await note.innerText()).includes('Restore undone') ? true : undefined));
    assert.equal(await note.getByRole('button', { name: 'Undo Restore' }).count(), 0, 'offered once');
    await workbench().runCommand('Notifications: Clear All Notifications');

    // Back at the turn (its files are on disk: no question), the card's restore tells what it did, with Undo Restore.
    await clickTreeRow('assistant: UNDO TURN DONE');
    await movedTo('UNDO TURN DONE');
    const card = frame.locator('.turn-files-card');
    await poll('the turn card', async () => ((await card.count()) > 0 ? true : undefined));
    await card.locator(':scope > summary').click();
    await card.getByRole('button', { name: 'Restore files before this turn' }).click();
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Restore files (2 files)' }).click();
    await fileIs(name, 'before\n', 'the card restored the files before the turn');
    const toast = workbench().page.locator('.notification-toast').filter({ hasText: 'Files restored: 1 changed, 1 removed.' }).first();
    await toast.locator('.monaco-button', { hasText: 'Undo Restore' }).click();
    await fileIs(name, 'by the agent\n', 'the notification\'s Undo Restore');
    await fileIs(other, 'new\n', 'the notification\'s Undo Restore brings the made file back');
    await workbench().runCommand('Notifications: Clear All Notifications');

    // The palette's Undo Restore undoes that undo (it is a restore too).
    await workbench().runCommand('Arbor: Undo Restore');
    await fileIs(name, 'before\n', 'the palette\'s Undo Restore');
    await fileIs(other, undefined, 'the palette\'s Undo Restore removes the made file again');
    await workbench().runCommand('Notifications: Clear All Notifications');
    assertNoProblems();
  });

  it('asks one question on a tree click to the other branch, the summary and the files together with the last answers preselected, and does what was picked', async () => {
    const name = fileFor('one-question');
    fs.writeFileSync(workspacePath(name), 'first\n');
    const before = sessionFiles();
    await newSession();
    fake().script(reply(toolUse('write', { path: name, content: 'second\n' })), text('ONE QUESTION SECOND'));
    await turn(`Write second into ${name}`, 'ONE QUESTION SECOND');
    const file = await waitForSessionFileWith(before, 'ONE QUESTION SECOND');
    await clickTreeRow(`user: Write second into ${name}`);
    await answerMove('Restore files (1 file)');
    await fileIs(name, 'first\n', 'Edit & branch restored the files before the first message');
    // Edit & branch puts the message back in the input after the restore: text typed before that is put aside.
    await waitForInput(`Write second into ${name}`);
    fake().script(reply(toolUse('write', { path: name, content: 'third\n' })), text('ONE QUESTION THIRD'));
    await turn(`Write third into ${name}`, 'ONE QUESTION THIRD');
    await fileIs(name, 'third\n', 'the second branch wrote');

    // The other branch: conversation is left behind and the files differ, so both are asked, once.
    await expandTreeRow(`user: Write second into ${name}`);
    await clickTreeRow('assistant: ONE QUESTION SECOND');
    await quickPickShows([
      'No summary · Restore files (1 file)',
      'No summary · Keep files as they are',
      'Summarize · Restore files (1 file)',
      'Summarize · Keep files as they are',
      'Summarize with focus… · Restore files (1 file)',
      'Summarize with focus… · Keep files as they are',
      'Preview changes…',
    ]);
    assert.equal(await activeItem(), 'No summary · Restore files (1 file)', 'the last move\'s answers are preselected');
    fake().script(text('One question summary: the third branch wrote third.'));
    await pickItem('Summarize · Restore files (1 file)');
    await waitForCardText('One question summary: the third branch wrote third.');
    await fileIs(name, 'second\n', 'the files were restored as picked');
    await movedTo('ONE QUESTION SECOND');
    await noSecondQuestion();
    assert.equal(readEntries(file).filter((entry) => entry.type === 'branch_summary').length, 1, 'the summary was written as picked');

    // Back to the third branch: the answers just given come preselected; this time neither is wanted.
    await expandTreeRow(`user: Write third into ${name}`);
    await clickTreeRow('assistant: ONE QUESTION THIRD');
    await poll('the question', async () => ((await quickInput().isVisible()) && (await quickPickLabels().catch(() => [] as string[])).length === 7 ? true : undefined));
    assert.equal(await activeItem(), 'Summarize · Restore files (1 file)', 'the last move\'s answers are preselected');
    await pickItem('No summary · Keep files as they are');
    await movedTo('ONE QUESTION THIRD');
    await noSecondQuestion();
    assert.equal(read(name), 'second\n', 'the files were kept as picked');
    assert.equal(readEntries(file).filter((entry) => entry.type === 'branch_summary').length, 1, 'no summary was written');
    assertNoProblems();
  });

  it('leaves the user\'s repository byte-identical: HEAD, branch, index, stash, reflog, untracked and ignored files', () => {
    assert.deepEqual(repositoryFingerprint(), fingerprint);
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD').trim(), 'feature');
    assert.equal(git('stash', 'list').trim().split('\n').length, 1);
  });
});
