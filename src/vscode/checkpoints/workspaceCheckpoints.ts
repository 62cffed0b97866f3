// The workspace checkpoint store of each workspace root, opened the first time it is needed (the
// editor's `files.exclude` patterns left out besides .gitignore), and the recorder the agent is
// given. When checkpoints cannot be on for a root (no git, a home folder, too many files…) the
// reason is logged and told once, in plain words; the agent then works without them. Paths a
// snapshot leaves out (nested repositories, files over the size limit) are told too, each once.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { CheckpointsOff, notRecordedText, openFileCheckpointStore, SessionFilesRecorder, storeFolderFor, type CheckpointLimits, type FileCheckpointStore, type RecordingSession, type SkippedFile, type WorkspaceRecorder } from '../../core/checkpoints';
import { errorMessage } from '../../core/util/errors';
import { xdgHome } from '../../core/util/xdg';
import type { Logger } from '../../core/util/logger';

/** Where stores live and what is refused; every field has the user's default (tests give their own). */
export interface WorkspaceCheckpointsOptions {
  home?: string;
  stateHome?: string;
  limits?: Partial<CheckpointLimits>;
}

export class WorkspaceCheckpoints implements vscode.Disposable {
  private readonly stores = new Map<string, Promise<FileCheckpointStore | undefined>>();
  /** Roots whose "off" was told already: once per root and window. */
  private readonly told = new Set<string>();
  private readonly off = new vscode.EventEmitter<string>();
  /** Checkpoints turned off for a root: the reason in plain words (fired once per root). */
  readonly onDidTurnOff = this.off.event;
  private readonly recorded = new vscode.EventEmitter<void>();
  /** A step's files were recorded (the tree's rows and the chat's cards say so). */
  readonly onDidRecord = this.recorded.event;
  /** Paths already told as not recorded, per root. */
  private readonly toldSkips = new Map<string, Set<string>>();
  private readonly skip = new vscode.EventEmitter<string>();
  /** A snapshot left paths out: the notice in plain words (each path told once per root and window). */
  readonly onDidSkip = this.skip.event;

  constructor(
    private readonly log: Logger,
    private readonly options: WorkspaceCheckpointsOptions = {},
  ) {}

  /** The store of the first workspace folder of a trusted workspace; undefined when there is none or checkpoints are off. */
  current(): Promise<FileCheckpointStore | undefined> {
    const root = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
    return root === undefined ? Promise.resolve(undefined) : this.storeFor(root);
  }

  /** The current store when one was made for this workspace before (pruning never creates one). */
  async existing(): Promise<FileCheckpointStore | undefined> {
    const root = vscode.workspace.isTrusted ? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath : undefined;
    if (root === undefined) return undefined;
    if (!this.stores.has(root)) {
      const real = await fs.realpath(root).catch(() => undefined);
      const folder = real !== undefined ? storeFolderFor(this.stateHome(), real) : undefined;
      if (folder === undefined || !(await fs.lstat(folder).catch(() => undefined))) return undefined;
    }
    return this.storeFor(root);
  }

  /** The store of `root`, opened once; undefined (told once) when checkpoints cannot be on there. */
  storeFor(root: string): Promise<FileCheckpointStore | undefined> {
    let store = this.stores.get(root);
    if (!store) {
      store = this.open(root);
      this.stores.set(root, store);
    }
    return store;
  }

  /** The agent's recorder for `session` in `root`: it opens the store on first use and records nothing when it is off. */
  recorderFor(session: RecordingSession, root: string): WorkspaceRecorder {
    let recorder: Promise<SessionFilesRecorder | undefined> | undefined;
    const ready = (): Promise<SessionFilesRecorder | undefined> =>
      (recorder ??= this.storeFor(root).then((store) => (store ? new SessionFilesRecorder(session, store, { onOff: (message) => this.turnedOff(root, message), onRecorded: () => this.recorded.fire(), onSkipped: (skipped) => this.skipped(root, skipped), log: this.log }) : undefined)));
    return {
      turnStarted: async () => (await ready())?.turnStarted(),
      toolFinished: async (call) => (await ready())?.toolFinished(call),
      turnEnded: async () => (await ready())?.turnEnded(),
    };
  }

  dispose(): void {
    this.off.dispose();
    this.recorded.dispose();
    this.skip.dispose();
  }

  /** What a snapshot of the files now leaves out, as the notice says it; undefined when nothing is. */
  async notRecorded(store: FileCheckpointStore): Promise<string | undefined> {
    const { skipped } = await store.snapshot();
    return skipped.length > 0 ? notRecordedText(skipped) : undefined;
  }

  private async open(root: string): Promise<FileCheckpointStore | undefined> {
    try {
      const store = await openFileCheckpointStore({ root, stateHome: this.stateHome(), home: this.options.home ?? os.homedir(), excludes: excludedPatterns(root), ...(this.options.limits ? { limits: this.options.limits } : {}) });
      this.log.info(`Workspace checkpoints on for ${root} (store ${store.folder}, git ${store.gitProgram.path})`);
      for (const program of store.gitProgram.passedOver) this.log.warn(`Workspace checkpoints: ${program} on PATH lies inside the workspace; it is never run`);
      return store;
    } catch (error) {
      this.turnedOff(root, error instanceof CheckpointsOff ? error.message : `Checkpoints are off: the checkpoint store could not be opened (${errorMessage(error)}).`);
      if (!(error instanceof CheckpointsOff)) this.stores.delete(root); // tried again next time
      return undefined;
    }
  }

  /** Off for the rest of the window: no later prompt or move tries again (nor walks a huge folder again). */
  private turnedOff(root: string, reason: string): void {
    this.log.warn(`Workspace checkpoints off for ${root}: ${reason}`);
    this.stores.set(root, Promise.resolve(undefined));
    if (this.told.has(root)) return;
    this.told.add(root);
    this.off.fire(reason);
  }

  private skipped(root: string, skipped: readonly SkippedFile[]): void {
    const told = this.toldSkips.get(root) ?? new Set<string>();
    this.toldSkips.set(root, told);
    const fresh = skipped.filter((skip) => !told.has(skip.path));
    if (fresh.length === 0) return;
    for (const skip of fresh) told.add(skip.path);
    const text = notRecordedText(fresh);
    this.log.info(text);
    this.skip.fire(text);
  }

  /** Where the stores live: below `$XDG_STATE_HOME`, shared with the `arbor` CLI. */
  stateHome(): string {
    return this.options.stateHome ?? xdgHome(process.env, 'XDG_STATE_HOME', os.homedir());
  }
}


/** The editor's `files.exclude` patterns that are on (a `when` clause cannot be told without a file: left out). */
function excludedPatterns(root: string): string[] {
  const excluded = vscode.workspace.getConfiguration('files', vscode.Uri.file(root)).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(excluded)
    .filter(([, on]) => on === true)
    .map(([pattern]) => pattern);
}

/** The notice the chat shows once when checkpoints are off: the store's reason in plain words. */
export function checkpointsOffText(reason: string): string {
  const sentence = /[.!?]$/.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`;
  return `${sentence} Moving in the session tree will not restore the workspace's files.`;
}
