// What Arbor knows of the project, for the views: the context files a request would load (the
// chat lists them, each one clickable) and the compaction settings in effect for the chat's model
// with where each comes from (the meter's tooltip). Worked out again when a setting, the trust or the folders change, and
// when pi's settings or a context file in the workspace, a folder above it or pi's agent folder is
// written.
//
// A pi settings file that cannot be used (broken JSON, not a file), or a value in it of the wrong
// type, is told to the user once per change, naming the file, with "Open File"; what cannot be used
// is not used, and the log has it too.
import * as os from 'node:os';
import * as vscode from 'vscode';
import {
  APPEND_SYSTEM_PROMPT_FILE,
  foldersAbove,
  loadedContextFiles,
  PI_PROJECT_DIR,
  PI_SETTINGS_FILE,
  piEnvironment,
  piModelKey,
  ProjectPrompts,
  resolveCompactionSettings,
  SYSTEM_PROMPT_FILE,
  type EffectiveCompactionSettings,
  type LoadedContextFile,
  type SettingsProblem,
} from '../core/context';
import { CONTEXT_FILE_NAMES } from '../core/workspace/contextFileNames';
import { ANTHROPIC_PROVIDER } from '../core/llm';
import { errorMessage } from '../core/util/errors';
import { plainText } from '../core/util/plainText';
import { contextAccess, piInputs } from './agent/builder';
import { onDidChangeConfig, readConfig, type ArborConfig } from './config';
import type { ContextPermissions } from './contextPermissions';
import type { Logger } from '../core/util/logger';

export interface ProjectState {
  /** The files a request loads now (empty with `arbor.contextFiles` off and no SYSTEM.md). */
  files: readonly LoadedContextFile[];
  /** False: `arbor.contextFiles` is off (the chat shows no list). */
  showFiles: boolean;
  compaction: EffectiveCompactionSettings;
}

const WATCHED_NAMES = [...CONTEXT_FILE_NAMES, SYSTEM_PROMPT_FILE, APPEND_SYSTEM_PROMPT_FILE, PI_SETTINGS_FILE];

/**
 * The compaction and branch-summary settings in effect now, for the chat's model: Arbor's that the
 * user set, else pi's files (the project's only from a trusted workspace folder, as the agent reads them).
 */
export async function settingsInEffect(config: ArborConfig = readConfig()): Promise<{ root: string | undefined; pi: Awaited<ReturnType<typeof piInputs>>; compaction: EffectiveCompactionSettings }> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const root = vscode.workspace.isTrusted ? folder : undefined;
  const pi = await piInputs(root);
  return { root, pi, compaction: resolveCompactionSettings(pi.piSettings, config.compactionExplicit, piModelKey(ANTHROPIC_PROVIDER, config.model)) };
}

export class ProjectInfo implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ProjectState>();
  readonly onDidChange = this.changed.event;
  private current: ProjectState | undefined;
  private readonly prompts = new ProjectPrompts();
  private readonly disposables: vscode.Disposable[] = [];
  private watchers: vscode.Disposable[] = [];
  /** Problems already told to the user, so that the same one is not told again. */
  private told = new Set<string>();
  private refreshing: Promise<void> = Promise.resolve();
  private again = false;

  constructor(
    private readonly log: Logger,
    private readonly permissions: ContextPermissions,
  ) {
    const refresh = (): void => void this.refresh();
    this.disposables.push(
      onDidChangeConfig(refresh),
      permissions.onDidChange(refresh),
      vscode.workspace.onDidGrantWorkspaceTrust(refresh),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.watch();
        refresh();
      }),
    );
    this.watch();
    refresh();
  }

  /** The state as last worked out (undefined before the first one). */
  get state(): ProjectState | undefined {
    return this.current;
  }

  /** Works the state out again; one at a time, and one more after a burst of changes. */
  refresh(): Promise<void> {
    if (this.again) return this.refreshing;
    this.again = true;
    this.refreshing = this.refreshing.then(async () => {
      this.again = false;
      try {
        await this.load();
      } catch (error) {
        this.log.warn(`The project's context files and pi's settings could not be read: ${errorMessage(error)}`);
      }
    });
    return this.refreshing;
  }

  dispose(): void {
    for (const disposable of [...this.disposables, ...this.watchers]) disposable.dispose();
    this.prompts.dispose();
    this.changed.dispose();
  }

  private async load(): Promise<void> {
    const config = readConfig();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const { root, pi, compaction } = await settingsInEffect(config);
    this.tell([...pi.piSettings.problems, ...compaction.problems]);
    const cwd = root ?? folder ?? os.homedir();
    const snapshot = await this.prompts.for({ cwd, agentDir: pi.piAgentDir, trusted: root !== undefined, contextFiles: config.contextFiles, ...contextAccess(config, this.permissions) }).context.load();
    this.current = { files: loadedContextFiles(snapshot, { cwd, home: os.homedir() }), showFiles: config.contextFiles, compaction };
    this.changed.fire(this.current);
  }

  /** Each problem once, while it lasts: fixed and broken again, it is told again. */
  private tell(problems: readonly SettingsProblem[]): void {
    const now = new Set(problems.map((problem) => `${problem.file}\n${problem.warning}`));
    for (const problem of problems) {
      if (this.told.has(`${problem.file}\n${problem.warning}`)) continue;
      this.log.warn(problem.warning);
      // The warning quotes the parser, which may quote the file: shown as plain text, never a link.
      void vscode.window.showWarningMessage(plainText(`${problem.warning} Arbor uses the other settings and the defaults.`), 'Open File').then((choice) => {
        if (choice === 'Open File') void vscode.window.showTextDocument(vscode.Uri.file(problem.file)).then(undefined, (error: unknown) => this.log.warn(`${problem.file} could not be opened: ${errorMessage(error)}`));
      });
    }
    this.told = now;
  }

  /**
   * Watches pi's agent folder, the workspace folder (with its .pi folder) and, for the context files
   * alone, each folder above the workspace that is read (up to the home folder): each pattern names
   * files directly in its folder, so no watcher reaches into a folder's subfolders.
   */
  private watch(): void {
    for (const watcher of this.watchers) watcher.dispose();
    const names = `{${WATCHED_NAMES.join(',')}}`;
    const { agentDir } = piEnvironment(process.env, os.homedir());
    const patterns = [new vscode.RelativePattern(vscode.Uri.file(agentDir), names)];
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) {
      patterns.push(new vscode.RelativePattern(folder, names), new vscode.RelativePattern(folder, `${PI_PROJECT_DIR}/${names}`));
      const above = foldersAbove(folder.uri.fsPath, os.homedir());
      patterns.push(...above.map((dir) => new vscode.RelativePattern(vscode.Uri.file(dir), `{${CONTEXT_FILE_NAMES.join(',')}}`)));
    }
    this.watchers = patterns.flatMap((pattern) => {
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      const refresh = (): void => void this.refresh();
      return [watcher, watcher.onDidCreate(refresh), watcher.onDidChange(refresh), watcher.onDidDelete(refresh)];
    });
  }
}
