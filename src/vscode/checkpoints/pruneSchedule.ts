// Pruning the workspace's checkpoint store: the states that some session file of the workspace
// names are kept (and the store's last undo snapshots); the others go. Run a minute after
// activation, then daily, and after a session is deleted. When any session file cannot be read,
// nothing is pruned: a state it may name is never dropped on a guess.
import * as vscode from 'vscode';
import { referencedStates, type PruneReport, type WorkspaceState } from '../../core/checkpoints';
import { loadSessionFile, type SessionSummary } from '../../core/session';
import { errorMessage } from '../../core/util/errors';
import type { WorkspaceCheckpoints } from './workspaceCheckpoints';
import type { Logger } from '../../core/util/logger';

const FIRST_PRUNE_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class CheckpointPruning implements vscode.Disposable {
  private readonly timers: NodeJS.Timeout[] = [];
  private running: Promise<PruneReport | undefined> | undefined;

  constructor(
    private readonly checkpoints: WorkspaceCheckpoints,
    /** The workspace's session files (the Sessions view's listing). */
    private readonly listSessions: () => Promise<SessionSummary[]>,
    private readonly log: Logger,
  ) {
    // Not at once: activation and the first prompt come first.
    const first = setTimeout(() => void this.prune(), FIRST_PRUNE_MS);
    const daily = setInterval(() => void this.prune(), DAY_MS);
    first.unref();
    daily.unref();
    this.timers.push(first, daily);
  }

  /** Prunes once (a prune already running is joined); undefined when nothing was pruned. */
  prune(): Promise<PruneReport | undefined> {
    this.running ??= this.pruneNow().finally(() => (this.running = undefined));
    return this.running;
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private async pruneNow(): Promise<PruneReport | undefined> {
    const store = await this.checkpoints.existing();
    if (!store) return undefined;
    try {
      const keep = await this.referenced();
      if (!keep) return undefined;
      const report = await store.prune(keep);
      this.log.info(`Workspace checkpoints pruned: ${report.dropped} dropped, ${report.kept} kept`);
      return report;
    } catch (error) {
      this.log.warn(`Workspace checkpoints could not be pruned: ${errorMessage(error)}`);
      return undefined;
    }
  }

  /** The states the workspace's session files name; undefined (logged) when one could not be read. */
  private async referenced(): Promise<Set<WorkspaceState> | undefined> {
    const keep = new Set<WorkspaceState>();
    for (const summary of await this.listSessions()) {
      try {
        const loaded = await loadSessionFile(summary.file);
        for (const state of referencedStates(loaded.tree.entries)) keep.add(state);
      } catch (error) {
        this.log.info(`Workspace checkpoints not pruned: ${summary.file} could not be read (${errorMessage(error)})`);
        return undefined;
      }
    }
    return keep;
  }
}
