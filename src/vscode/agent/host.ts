// The chat's backend: the current session's AgentSession (built when the session becomes current,
// disposed with it, configured again between runs when the settings, the key or the workspace
// change), its events re-fired, prompts sent or queued, tool approvals routed to whoever asks the
// user (the chat's cards). What the agent is doing is the agent's own state: the host only reads it.
import * as vscode from 'vscode';
import { CachedRead } from '../../core/util/cachedRead';
import { IDLE_STATE, watchFirstReply, type AgentEvent, type AgentSession, type AgentState, type ContextReport, type ManualCompactionOptions, type TreeMoveOptions } from '../../core/agent';
import type { Logger } from '../../core/util/logger';
import { answerOf, type ApprovalAnswer, type ApprovalCallback, type ApprovalDecision, type ApprovalRequest } from '../../core/agent/tools/tool';
import type { ArborHooks } from '../../core/hooks';
import type { ToolSource } from '../../core/agent/tools/toolSource';
import type { WrittenFiles } from '../../core/edits/writtenFiles';
import type { NavigateResult } from '../../core/navigation';
import type { ImageContent, Session } from '../../core/session';
import type { ContextBreakdown, ContextStatus } from '../../core/tokens';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import type { Scope } from '../../core/util/scope';
import { piInputs, type AgentInputs } from './builder';
import { askInDialog } from './approvalDialog';
import type { EditReviewer } from '../chat/approvals';
import type { WorkspaceCheckpoints } from '../checkpoints/workspaceCheckpoints';
import { allowInFolder, onDidChangeConfig, readConfig, toolFolder } from '../config';
import type { CurrentSession } from '../currentSession/currentSession';
import { noKeyError, noSessionError, promptFailure } from '../errors';
import type { ApiKeyStore } from '../secrets';
import { SessionAgent } from './sessionAgent';
import { workspaceSessionsFolder, type SessionsFolder } from '../sessionsFolder';

export interface ChatHostState {
  /** What the current session's agent is doing (idle when there is none yet). */
  agent: AgentState;
  hasKey: boolean;
  trusted: boolean;
  model: string;
  /** Why no tools are offered (undefined: they are). */
  toolsOff: 'untrusted' | 'no-folder' | undefined;
}

/** Prompts the user queued that were never sent, and the session they were written in. */
export interface UnsentInputs {
  session: Session;
  texts: readonly string[];
}

export interface AgentHostDeps {
  current: CurrentSession;
  keys: ApiKeyStore;
  log: Logger;
  /** Where new sessions go when `arbor.sessionsDirectory` is empty (globalStorage/sessions). */
  defaultSessionsRoot: string;
  /** Where replies are checkpointed while they stream (globalStorage/checkpoints). */
  checkpointFolder: string;
  /** The workspace's files recorded as the agent works (none: no workspace checkpoints). */
  workspaceCheckpoints?: WorkspaceCheckpoints;
  /** Other extensions' handlers around compactions and moves (the API), given to every agent. */
  hooks?: ArborHooks;
  /** Keeps what recent writes and edits wrote (the chat's "Show diff" / "Open diff"). */
  written?: WrittenFiles;
  /** The diff editor's review, so that the dialog shows an edit's diff too. */
  reviews?: EditReviewer;
  /** The context files' targets the user allowed one by one. */
  contextTargets?: AgentInputs['contextTargets'];
  /**
   * Prompts that were queued in a session's agent when another session became current: that agent
   * ends without a word (its listeners go with its session), so they are handed back here.
   */
  returnUnsent?(unsent: UnsentInputs): void;
  /** The MCP servers' tools, given to every agent built where tools are offered. */
  toolSource?: ToolSource;
  /** A request loaded other context files than the one before (a folder above the workspace, say). */
  onContextChanged?(): void;
}

export class AgentHost implements vscode.Disposable {
  private readonly events = new vscode.EventEmitter<AgentEvent>();
  readonly onEvent = this.events.event;
  private readonly stateChanged = new vscode.EventEmitter<ChatHostState>();
  readonly onDidChangeState = this.stateChanged.event;

  /** A prompt waits for its run's first reply (it tells its own failure); see `firstReplyAwaited`. */
  private awaitingFirstReply: Promise<void> | undefined;
  /** A session being made current with the move that goes with it (a fork and its files): prompts wait for it. */
  private switching: Promise<void> = Promise.resolve();
  /** The current session's agent. */
  private slot: SessionAgent | undefined;
  private creating: Promise<Session> | undefined;
  /** The last one registered asks; disposing it gives the word back to the one before. */
  private readonly approvalHandlers: ApprovalCallback[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  /**
   * pi's settings files as last read, for the folder tools work in: read again after the events that
   * reconfigure the agent (settings, trust, folders, and the project's watcher of those files).
   */
  private readonly piSettings = new CachedRead(async () => {
    const root = vscode.workspace.isTrusted ? toolRoot() : undefined;
    return { root, ...(await piInputs(root)) };
  });

  constructor(private readonly deps: AgentHostDeps) {
    const changed = (): void => this.settingsChanged();
    this.disposables.push(
      deps.current.follow((event) => {
        if (event.kind === 'replaced') this.sessionReplaced(event.session, event.scope);
      }),
      deps.keys.onDidChange(changed),
      onDidChangeConfig(changed),
      vscode.workspace.onDidGrantWorkspaceTrust(changed),
      vscode.workspace.onDidChangeWorkspaceFolders(changed),
    );
  }

  get session(): Session | undefined {
    return this.deps.current.session;
  }

  get state(): ChatHostState {
    return {
      agent: this.slot?.ready?.state ?? IDLE_STATE,
      hasKey: this.deps.keys.hasKey,
      trusted: vscode.workspace.isTrusted,
      model: readConfig().model,
      toolsOff: !vscode.workspace.isTrusted ? 'untrusted' : toolRoot() === undefined ? 'no-folder' : undefined,
    };
  }

  /**
   * Sends `text` with the `images` attached to it (queued while a run goes on). With no session open, creates one first. Resolves
   * once the model's reply has begun (or the text was queued); rejects with a PromptError when
   * nothing came back (no key, server unreachable, key refused): the user message then stays in
   * the tree on a side branch, the position goes back, and the chat keeps the text. `text` may be
   * worked out once any move is done (the chat expands its mentions then).
   */
  async prompt(text: string | (() => Promise<string>), images?: readonly ImageContent[]): Promise<void> {
    // Sent while a move is being made: it goes to the new position, after the files are restored.
    // The one wait of a Send: the chat's part (its note, the mentions read from the restored files) runs after it.
    await this.afterMove();
    const message = typeof text === 'string' ? text : await text();
    const agent = await this.ensureAgent();
    const accepted = agent.isRunning ? Promise.resolve() : this.watch(watchFirstReply(agent).catch((error: unknown) => Promise.reject(promptFailure(error, readConfig().baseUrl))));
    agent.prompt(message, images).catch((error: unknown) => this.deps.log.error(`The prompt failed: ${errorMessage(error)}`));
    await accepted;
  }

  /**
   * A prompt is waiting for the first reply of the run going on: a failure before it is that
   * prompt's to tell (the prompt rejects), not the run's error event's.
   */
  get firstReplyAwaited(): boolean {
    return this.awaitingFirstReply !== undefined;
  }

  /**
   * Moves to `targetId` as the tree does, as a move of its own (see `AgentSession.navigate`): only a
   * summary needs the key. The result's `editorText` is a selected user message's text.
   */
  async navigate(targetId: string, options: TreeMoveOptions = {}): Promise<NavigateResult> {
    return (await this.currentAgent({ withKey: options.summarize === true })).navigate(targetId, options);
  }

  /**
   * Resolves when no move is being made (at once when none is): a fork being opened, a move by the
   * current session's agent (see `AgentSession.move`).
   */
  async afterMove(): Promise<void> {
    await this.switching;
    await this.slot?.ready?.afterMove();
  }

  /** Moves the position (null: before the first entry) as a move of its own, stopping a run first. */
  async moveTo(entryId: string | null): Promise<void> {
    this.requireSession();
    const agent = await this.ensureAgent({ keyOptional: true });
    await agent.move((moves) => moves.branch(entryId));
  }

  /**
   * Makes `file` the current session and runs `then` with its agent before a prompt reaches it
   * (a fork's files are restored and recorded first). One at a time.
   */
  switchTo<T>(file: string, then: (session: Session | undefined, agent: AgentSession) => Promise<T>): Promise<T> {
    const run = this.switching.then(async () => {
      await this.deps.current.open(file);
      return then(this.session, await this.ensureAgent({ keyOptional: true }));
    });
    this.switching = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Manual compaction with optional focus instructions (up to `upToEntryId` when given: "Compact up
   * to here"); rejects when it fails or has nothing to do.
   */
  async compact(customInstructions?: string, options: ManualCompactionOptions = {}): Promise<void> {
    const agent = await this.ensureAgent();
    await agent.compact(customInstructions, options);
  }

  /** Records a model change on the open session's branch (the setting is written by the caller). */
  async setModel(modelId: string): Promise<void> {
    if (!this.session) return;
    const agent = await this.ensureAgent({ keyOptional: true });
    if (!agent.isRunning) await agent.setModel(modelId);
  }

  /** The meter's number taken apart, for its tooltip (reads no file); undefined until the agent is built. */
  breakdown(status: ContextStatus, streamingTokens: number): ContextBreakdown | undefined {
    return this.slot?.ready?.breakdown(status, streamingTokens);
  }

  /** Show Context: the next request and its parts, built once; undefined with no session. */
  async showContext(): Promise<ContextReport | undefined> {
    if (!this.session) return undefined;
    return (await this.ensureAgent({ keyOptional: true })).showContext();
  }

  /**
   * The current session's agent, built if need be and configured as the settings now say; no key
   * is needed (what the agent does without one: measure, move) unless `withKey` (a branch summary).
   * Rejects when no session is open.
   */
  currentAgent(options: { withKey?: boolean } = {}): Promise<AgentSession> {
    this.requireSession();
    return this.ensureAgent({ keyOptional: options.withKey !== true });
  }

  stop(): void {
    this.slot?.ready?.abort();
  }

  /** A queued prompt taken back before it is sent: its text, or undefined when it has gone meanwhile. */
  unqueue(index: number, text: string): string | undefined {
    return this.slot?.ready?.unqueue(index, text);
  }

  /** "New Session": stops the run and closes the current session; the next prompt creates a new one. */
  async newSession(): Promise<void> {
    await this.stopAndWait();
    this.deps.current.close();
  }

  /** The workspace's checkpoint stores, when the extension records files. */
  get workspaceCheckpoints(): WorkspaceCheckpoints | undefined {
    return this.deps.workspaceCheckpoints;
  }

  setApprovalHandler(handler: ApprovalCallback): vscode.Disposable {
    this.approvalHandlers.push(handler);
    return new vscode.Disposable(() => {
      const index = this.approvalHandlers.lastIndexOf(handler);
      if (index >= 0) this.approvalHandlers.splice(index, 1);
    });
  }

  /** pi's settings (or files the agent reads) changed: the agent takes them before its next run, its meter reading soon. */
  reconfigure(): void {
    this.settingsChanged();
  }

  /** This workspace's sessions folder (where new sessions go; what the Sessions view lists). */
  sessionsFolder(): SessionsFolder {
    return workspaceSessionsFolder(this.deps.defaultSessionsRoot);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
    this.events.dispose();
    this.stateChanged.dispose();
  }

  // ---- the agent ---------------------------------------------------------------------------------

  /** Another session (or none) is current: its own agent, whose end is the session's. */
  private sessionReplaced(session: Session | undefined, scope: Scope): void {
    const { log } = this.deps;
    const deps = {
      inputs: () => this.inputs(),
      approve: (request: ApprovalRequest) => this.askApproval(request),
      logger: this.deps.log,
      log,
      checkpointFolder: this.deps.checkpointFolder,
      ...(this.deps.workspaceCheckpoints ? { recorder: this.deps.workspaceCheckpoints.recorderFor.bind(this.deps.workspaceCheckpoints) } : {}),
      hooks: this.deps.hooks,
      written: this.deps.written,
      toolSource: this.deps.toolSource,
      onEvent: (event: AgentEvent) => this.agentEvent(event),
      onContextChanged: () => this.deps.onContextChanged?.(),
    };
    const left = this.slot;
    // The old agent is disposed, its run stopping; what waited in its queue is still there.
    const unsent = left?.ready?.state.queued ?? [];
    this.slot = session ? new SessionAgent(session, scope, deps) : undefined;
    if (left && unsent.length > 0) this.deps.returnUnsent?.({ session: left.session, texts: unsent });
    this.fireState();
  }

  /** Watched until the first reply came or the run ended without one. */
  private watch(firstReply: Promise<void>): Promise<void> {
    const watched = firstReply.finally(() => {
      if (this.awaitingFirstReply === watched) this.awaitingFirstReply = undefined;
    });
    this.awaitingFirstReply = watched;
    return watched;
  }

  /** The current session's agent (creating the session when none is open), configured as the settings now say. */
  private async ensureAgent(options: { keyOptional?: boolean } = {}): Promise<AgentSession> {
    const found = await this.deps.keys.get();
    if (!found && !options.keyOptional) throw noKeyError();
    // Only a prompt or a compaction starts a session: a meter reading asked for just before the
    // session closed (New Session, Delete) must not start a new one.
    if (!this.session) {
      if (options.keyOptional) this.requireSession();
      await this.createSession();
    }
    for (;;) {
      const slot = this.slot;
      if (!slot) throw noSessionError();
      const agent = await slot.get();
      if (slot === this.slot) return agent;
    }
  }

  private async inputs(): Promise<AgentInputs> {
    const found = await this.deps.keys.get();
    const root = vscode.workspace.isTrusted ? toolRoot() : undefined;
    const pi = await this.piSettings.get();
    // The tool folder the files were read for is checked too: trust or the folders change before their events arrive.
    const settings = pi.root === root ? pi : await this.piSettingsAgain();
    return { config: readConfig(), apiKey: found?.key ?? '', toolRoot: root, piAgentDir: settings.piAgentDir, piSettings: settings.piSettings, contextTargets: this.deps.contextTargets };
  }

  private piSettingsAgain(): ReturnType<typeof this.piSettings.get> {
    this.piSettings.changed();
    return this.piSettings.get();
  }

  /** Settings, key, trust or folders changed: the chat's status now, the agent's new configuration (and its reading) soon. */
  private settingsChanged(): void {
    this.piSettings.changed();
    this.fireState();
    if (!this.slot) return;
    this.ensureAgent({ keyOptional: true }).catch((error: unknown) => this.deps.log.warn(`The agent could not take the new settings: ${errorMessage(error)}`));
  }

  private agentEvent(event: AgentEvent): void {
    if (event.type === 'state') this.fireState();
    else if (event.type === 'error') this.deps.log.error(`Agent error (${event.reason}): ${event.message}`);
    this.events.fire(event);
  }

  private async askApproval(request: ApprovalRequest): Promise<ApprovalDecision | ApprovalAnswer> {
    const handler = this.approvalHandlers.at(-1);
    // 'Allow always' is remembered by the agent's approval gate, which keeps it across settings
    // changes and never for a protected file.
    const decision = handler ? await handler(request) : await askInDialog(request, this.deps.reviews);
    // The decision only: the user's content and reason are message contents (an exact rule holds a whole command).
    const answered = answerOf(decision).decision;
    this.deps.log.info(`Tool ${request.toolName}: ${typeof answered === 'object' ? 'allowed, and from now on by a rule' : answered}`);
    if (typeof answered === 'object') await this.keepRule(answered.allowRule, request);
    return decision;
  }

  /**
   * A rule answered from a card (or the dialog) is kept for the folder the tools work in, in the
   * user's settings; the gate keeps it for this session whatever happens here. Only the rule the
   * gate proposed for this call, never for a protected file.
   */
  private async keepRule(rule: string, request: ApprovalRequest): Promise<void> {
    const folder = toolFolder();
    if (folder === undefined || request.protectedPath !== undefined || rule !== request.suggestedRule?.rule) return;
    try {
      await allowInFolder(rule, folder);
      this.deps.log.info(`Kept a ${request.toolName} rule for ${folder.toString()} in arbor.tools.autoApproveByFolder of the user settings`);
      this.deps.log.debug(`The rule kept: ${rule}`);
    } catch (error) {
      this.deps.log.error(`Could not keep a ${request.toolName} rule in arbor.tools.autoApproveByFolder: ${errorMessage(error)}`);
      void vscode.window.showWarningMessage(plainText(`Arbor: allowed for this session only; the user settings could not be changed (${errorMessage(error)}).`));
    }
  }

  // ---- sessions ----------------------------------------------------------------------------------

  /** One at a time: two prompts sent at once with no session open start one session, not two. */
  private createSession(): Promise<Session> {
    this.creating ??= (async () => {
      const { dir, cwd } = this.sessionsFolder();
      return this.deps.current.create(dir, cwd);
    })().finally(() => (this.creating = undefined));
    return this.creating;
  }

  private requireSession(): Session {
    const session = this.session;
    if (!session) throw noSessionError();
    return session;
  }

  private async stopAndWait(): Promise<void> {
    const agent = this.slot?.ready;
    if (!agent) return;
    agent.abort();
    await agent.whenIdle();
  }

  private fireState(): void {
    this.stateChanged.fire(this.state);
  }
}

/** The first workspace folder (tools are confined to it), if any. */
function toolRoot(): string | undefined {
  return toolFolder()?.fsPath;
}
