// The chat's backend: the current session's AgentSession (built when the session becomes current,
// disposed with it, configured again between runs when the settings, the key or the workspace
// change), its events re-fired, prompts sent or queued, tool approvals routed to whoever asks the
// user (the chat's cards). What the agent is doing is the agent's own state: the host only reads it.
import * as vscode from 'vscode';
import { IDLE_STATE, watchFirstReply, type AgentEvent, type AgentLogger, type AgentSession, type AgentState, type ContextReport } from '../core/agent';
import { answerOf, type ApprovalAnswer, type ApprovalCallback, type ApprovalDecision, type ApprovalRequest } from '../core/agent/tools/tool';
import type { ArborHooks } from '../core/hooks';
import type { WrittenFiles } from '../core/edits/writtenFiles';
import type { MoveReport, NavigateResult } from '../core/navigation';
import type { ImageContent, Session } from '../core/session';
import type { ContextBreakdown, ContextStatus } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import { plainText } from '../core/util/plainText';
import type { Scope } from '../core/util/scope';
import { piInputs, type AgentInputs } from './agentBuilder';
import { askInDialog } from './approvalDialog';
import type { EditReviewer } from './chatApprovals';
import type { WorkspaceCheckpoints } from './checkpoints/workspaceCheckpoints';
import { allowInFolder, onDidChangeConfig, readConfig, toolFolder } from './config';
import type { CurrentSession } from './currentSession';
import { noKeyError, noSessionError, promptFailure } from './errors';
import type { ApiKeyStore } from './secrets';
import { SessionAgent } from './sessionAgent';
import { workspaceSessionsFolder, type SessionsFolder } from './sessionsFolder';

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

/** A move the user made, as the chat is told of it. */
export interface MoveEvent {
  report: MoveReport;
  /**
   * Made in the Session Tree (a row's click or menu), by a command that began at `since`
   * (Date.now()): the tree's focus follows the ● there, unless the user went to the chat's input since.
   */
  fromTree?: { since: number };
  /** The chat's input takes the focus after the move (Edit & branch, Branch from Here). */
  focusesInput?: boolean;
}

export interface AgentHostDeps {
  current: CurrentSession;
  keys: ApiKeyStore;
  log: vscode.LogOutputChannel;
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
}

export class AgentHost implements vscode.Disposable {
  private readonly events = new vscode.EventEmitter<AgentEvent>();
  readonly onEvent = this.events.event;
  private readonly stateChanged = new vscode.EventEmitter<ChatHostState>();
  readonly onDidChangeState = this.stateChanged.event;
  private readonly focusRequested = new vscode.EventEmitter<void>();
  /** "Arbor: Focus Chat Input": the chat view reveals itself and focuses its input. */
  readonly onDidRequestInputFocus = this.focusRequested.event;
  private readonly inputRequested = new vscode.EventEmitter<string>();
  /** Text for the chat's input (a tree row's user message): the chat view shows it and focuses its input. */
  readonly onDidRequestInput = this.inputRequested.event;
  private readonly unsentReturned = new vscode.EventEmitter<UnsentInputs>();
  /**
   * Prompts that were queued in a session's agent when another session became current: that agent
   * ends without a word (its listeners go with its session), so they are handed back here.
   */
  readonly onDidReturnUnsent = this.unsentReturned.event;

  private readonly moved = new vscode.EventEmitter<MoveEvent>();
  /** The position was moved by the user (a tree click, Switch Branch…, Undo Compaction, …): the chat says where it is. */
  readonly onDidMove = this.moved.event;
  private readonly contextChanged = new vscode.EventEmitter<void>();
  /** A request loaded other context files than the one before (a folder above the workspace, say). */
  readonly onDidChangeContextFiles = this.contextChanged.event;

  /** The move being made, if any (whileMoving): prompts wait for it. */
  private moving: Promise<void> = Promise.resolve();
  /** The current session's agent. */
  private slot: SessionAgent | undefined;
  private creating: Promise<Session> | undefined;
  /** The last one registered asks; disposing it gives the word back to the one before. */
  private readonly approvalHandlers: ApprovalCallback[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly logger: AgentLogger;

  constructor(private readonly deps: AgentHostDeps) {
    const { log } = deps;
    this.logger = { debug: (m) => log.debug(m), info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) };
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
   * the tree on a side branch, the position goes back, and the chat keeps the text.
   */
  async prompt(text: string, images?: readonly ImageContent[]): Promise<void> {
    // Sent while a move is being made: it goes to the new position, after the files are restored.
    await this.afterMove();
    const agent = await this.ensureAgent();
    const accepted = agent.isRunning ? Promise.resolve() : watchFirstReply(agent).catch((error: unknown) => Promise.reject(promptFailure(error, readConfig().baseUrl)));
    agent.prompt(text, images).catch((error: unknown) => this.deps.log.error(`The prompt failed: ${errorMessage(error)}`));
    await accepted;
  }

  /**
   * Moves to `targetId` as the tree does: stops a run, optionally summarizes the branch being left
   * (only then is a key needed), writes the summary at the new position. The result's `editorText`
   * is a selected user message's text; `cancelled` when the summary was stopped.
   */
  async navigate(targetId: string, options: { summarize?: boolean; customInstructions?: string; atTarget?: boolean } = {}): Promise<NavigateResult> {
    this.requireSession();
    const agent = await this.ensureAgent({ keyOptional: !options.summarize });
    return agent.navigate(targetId, options);
  }

  /**
   * Runs a move's steps (the move, the summary it writes, the files' restore, the note) with
   * prompts held until they end: one sent meanwhile would otherwise start its turn while the files
   * are restored, before the restore is recorded, with the note coming after it. Moves made at
   * once run one after the other.
   */
  whileMoving<T>(steps: () => Promise<T>): Promise<T> {
    const run = this.moving.then(steps);
    this.moving = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Resolves when no move is being made (at once when none is). */
  afterMove(): Promise<void> {
    return this.moving;
  }

  /** Moves the position (null: before the first entry), stopping a run first. */
  async moveTo(entryId: string | null): Promise<void> {
    const session = this.requireSession();
    await this.stopAndWait();
    if (entryId === null) await session.resetLeaf();
    else await session.branch(entryId);
  }

  /**
   * Manual compaction with optional focus instructions (up to `upToEntryId` when given: "Compact up
   * to here"); rejects when it fails or has nothing to do.
   */
  async compact(customInstructions?: string, options: { upToEntryId?: string } = {}): Promise<void> {
    const agent = await this.ensureAgent();
    await agent.compact(customInstructions, options);
  }

  /** Records a model change on the open session's branch (the setting is written by the caller). */
  async setModel(modelId: string): Promise<void> {
    if (!this.session) return;
    const agent = await this.ensureAgent({ keyOptional: true });
    if (!agent.isRunning) await agent.setModel(modelId);
  }

  /** The context size of the current session as the agent measures it (the meter's numbers); undefined with no session. */
  async status(): Promise<ContextStatus | undefined> {
    if (!this.session) return undefined;
    const agent = await this.ensureAgent({ keyOptional: true }).catch((error: unknown) => {
      if (!this.session) return undefined;
      throw error;
    });
    return agent?.status();
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

  /** Resolves when nothing runs and nothing is queued. */
  async whenIdle(): Promise<void> {
    const agent = await this.slot?.settled();
    await agent?.whenIdle();
  }

  stop(): void {
    this.slot?.ready?.abort();
  }

  /** "New Session": stops the run and closes the current session; the next prompt creates a new one. */
  async newSession(): Promise<void> {
    await this.stopAndWait();
    this.deps.current.close();
  }

  requestInputFocus(): void {
    this.focusRequested.fire();
  }

  putInInput(text: string): void {
    this.inputRequested.fire(text);
  }

  /** The workspace's checkpoint stores, when the extension records files. */
  get workspaceCheckpoints(): WorkspaceCheckpoints | undefined {
    return this.deps.workspaceCheckpoints;
  }

  /** Tells the chat about a move the user made (after it happened). */
  reportMove(move: MoveEvent): void {
    this.moved.fire(move);
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
    this.focusRequested.dispose();
    this.inputRequested.dispose();
    this.unsentReturned.dispose();
    this.moved.dispose();
    this.contextChanged.dispose();
  }

  // ---- the agent ---------------------------------------------------------------------------------

  /** Another session (or none) is current: its own agent, whose end is the session's. */
  private sessionReplaced(session: Session | undefined, scope: Scope): void {
    const { log } = this.deps;
    const deps = {
      inputs: () => this.inputs(),
      approve: (request: ApprovalRequest) => this.askApproval(request),
      logger: this.logger,
      log,
      checkpointFolder: this.deps.checkpointFolder,
      ...(this.deps.workspaceCheckpoints ? { recorder: this.deps.workspaceCheckpoints.recorderFor.bind(this.deps.workspaceCheckpoints) } : {}),
      hooks: this.deps.hooks,
      written: this.deps.written,
      onEvent: (event: AgentEvent) => this.agentEvent(event),
      onContextChanged: () => this.contextChanged.fire(),
    };
    const left = this.slot;
    // The old agent is disposed, its run stopping; what waited in its queue is still there.
    const unsent = left?.ready?.state.queued ?? [];
    this.slot = session ? new SessionAgent(session, scope, deps) : undefined;
    if (left && unsent.length > 0) this.unsentReturned.fire({ session: left.session, texts: unsent });
    this.fireState();
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
    return { config: readConfig(), apiKey: found?.key ?? '', toolRoot: root, ...(await piInputs(root)), contextTargets: this.deps.contextTargets };
  }

  /** Settings, key, trust or folders changed: the chat's status now, the agent's new configuration (and its reading) soon. */
  private settingsChanged(): void {
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
