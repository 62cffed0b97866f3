// Search Sessions…: a quick pick that searches every session of this workspace, all branches, as
// you type. Each keystroke cancels the search before it; results stream in file by file, newest
// sessions first (no separators: the quick pick drops them while the typed text filters).
// Picking a result opens its session and goes there (the Session Tree's activate, which asks about
// a branch summary when it leaves a branch); the result's button opens the session without moving.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { searchSessionFiles, SearchQueryError, type SearchHit } from '../../core/search';
import { summarizeSessionFile } from '../../core/session';
import { hitRow } from '../../core/sessionList/hitRow';
import { sessionFilesNewestFirst, type SessionFileStat } from '../../core/session/disk/sessionFiles';
import { sessionTitle } from '../../core/sessionList/row';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { showFailure } from '../commands/notify';
import { userMessage } from '../errors';
import type { SessionsDeps } from './deps';
import { sameFile } from './sessionArg';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from '../commands/table';

const TYPING_PAUSE_MS = 200;
/** Enough to find something; a longer list is not read. */
const MAX_RESULTS = 200;

interface HitItem extends vscode.QuickPickItem {
  hit?: SearchHit;
}

const OPEN_ONLY: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: 'Open the session without moving there' };

export function searchCommand(deps: SessionsDeps) {
  return { searchSessions: (initial?: unknown) => searchSessions(deps, typeof initial === 'string' ? initial : '') } satisfies SomeCommands;
}

function searchSessions(deps: SessionsDeps, initial: string): void {
  const pick = vscode.window.createQuickPick<HitItem>();
  pick.title = 'Search Sessions';
  pick.placeholder = "Words to find in this workspace's sessions (every branch)";
  // The items are already the matches: the quick pick's own filter would hide some of them.
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  let search: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    search?.abort();
    search = undefined;
  };
  pick.onDidChangeValue((value) => {
    stop();
    if (value.trim() === '') {
      pick.items = [];
      pick.busy = false;
      return;
    }
    timer = setTimeout(() => {
      search = new AbortController();
      void runSearch(deps, pick, value, search.signal);
    }, TYPING_PAUSE_MS);
  });
  pick.onDidAccept(() => {
    const hit = pick.selectedItems[0]?.hit;
    if (!hit) return;
    pick.hide();
    void goToHit(deps, hit, true);
  });
  pick.onDidTriggerItemButton(({ item }) => {
    if (!item.hit) return;
    pick.hide();
    void goToHit(deps, item.hit, false);
  });
  pick.onDidHide(() => {
    stop();
    pick.dispose();
  });
  pick.show();
  if (initial !== '') pick.value = initial;
}

async function runSearch(deps: SessionsDeps, pick: vscode.QuickPick<HitItem>, text: string, signal: AbortSignal): Promise<void> {
  pick.busy = true;
  pick.title = 'Search Sessions';
  pick.items = [];
  const items: HitItem[] = [];
  try {
    const files = await searchedFiles(deps);
    const byFile = new Map(files.map((file) => [file.file, file]));
    for await (const outcome of searchSessionFiles(files.map((file) => file.file), { text }, { signal, limit: MAX_RESULTS })) {
      if (!('hits' in outcome)) {
        deps.log.debug(`Search skipped ${outcome.file}: ${outcome.unreadable}`);
        continue;
      }
      const stat = byFile.get(outcome.file);
      // A session without a name is titled by its first message (the view's listing has it when the view was shown).
      const summary = outcome.sessionName === undefined ? (deps.view.summaryOf(outcome.file) ?? (await summarizeSessionFile(outcome.file))) : undefined;
      const title = outcome.sessionName ?? (summary ? sessionTitle(summary) : path.basename(outcome.file));
      const open = sameFile(deps.current.session?.file, outcome.file) ? deps.current.session : undefined;
      const branch = open ? new Set(open.getBranch().map((entry) => entry.id)) : undefined;
      for (const hit of outcome.hits) {
        const onBranch = branch ? branch.has(hit.entryId) : hit.onCurrentBranch;
        const row = hitRow(hit, { sessionTitle: title, modified: stat?.modified ?? new Date(), onBranch, now: new Date() });
        items.push({ ...row, hit, alwaysShow: true, buttons: [OPEN_ONLY] });
      }
      // New results must not take the highlight away from the one the user moved to.
      const active = pick.activeItems[0];
      pick.items = [...items];
      if (active) pick.activeItems = [active];
    }
    if (signal.aborted) return;
    if (items.length === 0) pick.title = `Search Sessions: nothing found for "${plainText(text)}"`;
    else if (items.length >= MAX_RESULTS) pick.title = `Search Sessions: the first ${MAX_RESULTS} results`;
  } catch (error) {
    if (signal.aborted) return;
    if (error instanceof SearchQueryError) pick.title = `Search Sessions: ${plainText(userMessage(error))}`;
    else deps.log.warn(`Search failed: ${errorMessage(error)}`);
  } finally {
    if (!signal.aborted) pick.busy = false;
  }
}

/** The folder's session files, newest first, and the open session's file wherever it lives. */
async function searchedFiles(deps: SessionsDeps): Promise<SessionFileStat[]> {
  const files = await sessionFilesNewestFirst(deps.host.sessionsFolder().dir);
  const open = deps.current.session?.file;
  if (open && !files.some((file) => sameFile(file.file, open))) files.unshift({ file: open, modified: new Date(), size: 0 });
  return files;
}

/**
 * Opens the hit's session unless it is open, then (when `move`) moves there if the entry is off
 * the current branch: one on it needs no move (the chat already shows it).
 */
async function goToHit(deps: SessionsDeps, hit: SearchHit, move: boolean): Promise<void> {
  try {
    if (!sameFile(deps.current.session?.file, hit.file)) await deps.current.open(hit.file);
    const session = deps.current.session;
    if (!session?.getEntry(hit.entryId)) {
      void vscode.window.showWarningMessage('That entry is no longer in the session (the file changed since the search).');
      return;
    }
    const onBranch = session.getBranch().some((entry) => entry.id === hit.entryId);
    if (move && !onBranch) await vscode.commands.executeCommand(COMMAND.treeActivate, hit.entryId);
  } catch (error) {
    showFailure(deps.log, 'Going to the search result', error);
  }
}
