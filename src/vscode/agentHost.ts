// The chat's backend: one AgentSession for the current session (replaced when the session, the
// settings or the key change, between runs), its events re-fired, prompts sent or queued, tool
// approvals routed to whoever asks the user (the chat's cards). The chat view holds no agent logic.
import * as vscode from 'vscode';
import type { AgentEvent, AgentLogger, AgentSession } from '../core/agent';
import type { ApprovalCallback, ApprovalDecision } from '../core/agent/tools/tool';
import type { NavigateResult } from '../core/compaction';
import type { Session } from '../core/session';
import type { ContextStatus } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import { agentSignature, buildAgent } from './agentBuilder';
import { onDidChangeConfig, readConfig, type ArborConfig } from './config';
import type { CurrentSession } from './currentSession';
import { noKeyError, PromptError } from './errors';
import { askInDialog } from './approvalDialog';
import { watchFirstReply } from './promptWatch';
import type { ApiKeyStore } from './secrets';
import { workspaceSessionsFolder, type SessionsFolder } from './sessionsFolder';

export interface ChatHostState {
  running: boolean;
  queued: readonly string[];
  hasKey: boolean;
  trusted: boolean;
  model: string;
  /** Why no tools are offered (undefined: they are). */
  toolsOff: 'untrusted' | 'no-folder' | undefined;
}

export interface AgentHostDeps {
  current: CurrentSession;
  keys: ApiKeyStore;
  log: vscode.LogOutputChannel;
  /** Where new sessions go when `arbor.sessionsDirectory` is empty (globalStorage/sessions). */
  defaultSessionsRoot: string;
}

export class AgentHost implements vscode.Disposable {
  private readonly events = new vscode.EventEmitter<AgentEvent>();
  readonly onEvent = this.events.event;
  private readonly sessionChanged = new vscode.EventEmitter<Session | undefined>();
  readonly onDidChangeSession = this.sessionChanged.event;
  private readonly stateChanged = new vscode.EventEmitter<ChatHostState>();
  readonly onDidChangeState = this.stateChanged.event;
  private readonly focusRequested = new vscode.EventEmitter<void>();
  /** "Arbor: Focus Chat Input": the chat view reveals itself and focuses its input. */
  readonly onDidRequestInputFocus = this.focusRequested.event;
  private readonly inputRequested = new vscode.EventEmitter<string>();
  /** Text for the chat's input (a tree row's user message): the chat view shows it and focuses its input. */
  readonly onDidRequestInput = this.inputRequested.event;

  private agent: { agent: AgentSession; signature: string; subscription: vscode.Disposable } | undefined;
  private building: Promise<AgentSession> | undefined;
  private creating: Promise<Session> | undefined;
  private compacting = 0;
  /** The last one registered asks; disposing it gives the word back to the one before. */
  private readonly approvalHandlers: ApprovalCallback[] = [];
  /** "Allow always" answers, for the current session (they survive the agent being rebuilt). */
  private allowedForSession = new Set<string>();
  private running = false;
  private queued: readonly string[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly logger: AgentLogger;

  constructor(private readonly deps: AgentHostDeps) {
    const { log } = deps;
    this.logger = { debug: (m) => log.debug(m), info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) };
    this.disposables.push(
      deps.current.onDidReplace((session) => this.sessionReplaced(session)),
      deps.keys.onDidChange(() => this.fireState()),
      onDidChangeConfig(() => this.fireState()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.fireState()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.fireState()),
    );
  }

  get session(): Session | undefined {
    return this.deps.current.session;
  }

  get state(): ChatHostState {
    return {
      running: this.running,
      queued: this.queued,
      hasKey: this.deps.keys.hasKey,
      trusted: vscode.workspace.isTrusted,
      model: readConfig().model,
      toolsOff: !vscode.workspace.isTrusted ? 'untrusted' : toolRoot() === undefined ? 'no-folder' : undefined,
    };
  }

  /**
   * Sends `text` (queued while a run goes on). With no session open, creates one first. Resolves
   * once the model's reply has begun (or the text was queued); rejects with a PromptError when
   * nothing came back (no key, server unreachable, key refused): the user message then stays in
   * the tree on a side branch, the position goes back, and the chat keeps the text.
   */
  async prompt(text: string): Promise<void> {
    const agent = await this.ensureAgent();
    const accepted = agent.isRunning ? Promise.resolve() : watchFirstReply(agent, { baseUrl: readConfig().baseUrl });
    agent.prompt(text).catch((error: unknown) => this.deps.log.error(`The prompt failed: ${errorMessage(error)}`));
    await accepted;
  }

  /**
   * Moves to `targetId` as the tree does: stops a run, optionally summarizes the
   * branch being left (only then is a key needed), writes the summary at the new position. The
   * result's `editorText` is a selected user message's text; `cancelled` when the summary was stopped.
   */
  async navigate(targetId: string, options: { summarize?: boolean; customInstructions?: string; atTarget?: boolean } = {}): Promise<NavigateResult> {
    this.requireSession();
    const agent = await this.ensureAgent({ keyOptional: !options.summarize });
    // Not rebuilt (which would stop it) while it summarizes.
    this.compacting++;
    try {
      return await agent.navigate(targetId, options);
    } finally {
      this.compacting--;
    }
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
    // Not rebuilt (which would stop it) while it compacts, whatever changes meanwhile.
    this.compacting++;
    try {
      await agent.compact(customInstructions, options);
    } finally {
      this.compacting--;
    }
  }

  /** Records a model change on the open session's branch (the setting is written by the caller). */
  async setModel(modelId: string): Promise<void> {
    const agent = this.agent?.agent ?? (this.session ? await this.ensureAgent({ keyOptional: true }) : undefined);
    if (agent && !agent.isRunning) await agent.setModel(modelId);
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

  /** Resolves when nothing runs and nothing is queued. */
  async whenIdle(): Promise<void> {
    await this.agent?.agent.whenIdle();
  }

  stop(): void {
    this.agent?.agent.abort();
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

  setApprovalHandler(handler: ApprovalCallback): vscode.Disposable {
    this.approvalHandlers.push(handler);
    return new vscode.Disposable(() => {
      const index = this.approvalHandlers.lastIndexOf(handler);
      if (index >= 0) this.approvalHandlers.splice(index, 1);
    });
  }

  dispose(): void {
    this.dropAgent();
    for (const disposable of this.disposables) disposable.dispose();
    this.events.dispose();
    this.sessionChanged.dispose();
    this.stateChanged.dispose();
    this.focusRequested.dispose();
    this.inputRequested.dispose();
  }

  // ---- the agent ---------------------------------------------------------------------------------

  /** The agent for the current session (creating the session when none is open), rebuilt when what it was built from changed. */
  private async ensureAgent(options: { keyOptional?: boolean } = {}): Promise<AgentSession> {
    const found = await this.deps.keys.get();
    if (!found && !options.keyOptional) throw noKeyError();
    // Only a prompt or a compaction starts a session: a meter reading asked for just before the
    // session closed (New Session, Delete) must not start a new one.
    const session = this.session ?? (options.keyOptional ? this.requireSession() : await this.createSession());
    for (;;) {
      // A build in progress may be for older settings: wait for it, then look again.
      if (this.building) await this.building.catch(() => undefined);
      const config = readConfig();
      const root = vscode.workspace.isTrusted ? toolRoot() : undefined;
      const signature = agentSignature({ session, config, apiKey: found?.key ?? '', toolRoot: root, trusted: vscode.workspace.isTrusted });
      const current = this.agent;
      if (current && current.agent.session === session && (current.signature === signature || current.agent.isRunning || this.compacting > 0)) return current.agent;
      if (this.building) continue;
      this.building = this.rebuild(session, config, found?.key ?? '', root, signature).finally(() => (this.building = undefined));
      return this.building;
    }
  }

  private async rebuild(session: Session, config: ArborConfig, apiKey: string, root: string | undefined, signature: string): Promise<AgentSession> {
    this.dropAgent();
    const agent = await buildAgent({
      session,
      config,
      apiKey,
      toolRoot: root,
      trusted: vscode.workspace.isTrusted,
      allowedTools: [...config.autoApprove, ...this.allowedForSession],
      approve: (request) => this.askApproval(request),
      logger: this.logger,
    });
    const subscription = agent.onEvent((event) => this.agentEvent(event));
    this.agent = { agent, signature, subscription: new vscode.Disposable(() => subscription.dispose()) };
    this.deps.log.info(`Agent ready: ${config.model}, ${root ? 'tools on' : 'no tools'}, estimator ${config.tokenEstimator}`);
    return agent;
  }

  private dropAgent(): void {
    if (!this.agent) return;
    this.agent.subscription.dispose();
    this.agent.agent.dispose();
    this.agent = undefined;
    if (this.running || this.queued.length > 0) {
      this.running = false;
      this.queued = [];
      this.fireState();
    }
  }

  private agentEvent(event: AgentEvent): void {
    if (event.type === 'run_start') this.setRunning(true);
    else if (event.type === 'run_end') this.setRunning(false);
    else if (event.type === 'queue') {
      this.queued = [...event.queued];
      this.fireState();
    } else if (event.type === 'error') this.deps.log.error(`Agent error (${event.reason}): ${event.message}`);
    this.events.fire(event);
  }

  private async askApproval(request: Parameters<ApprovalCallback>[0]): Promise<ApprovalDecision> {
    const handler = this.approvalHandlers.at(-1);
    const decision = handler ? await handler(request) : await askInDialog(request.toolName);
    if (decision === 'allow-always') this.allowedForSession.add(request.toolName);
    this.deps.log.info(`Tool ${request.toolName}: ${decision}`);
    return decision;
  }

  // ---- sessions ----------------------------------------------------------------------------------

  /** This workspace's sessions folder (where new sessions go; what the Sessions view lists). */
  sessionsFolder(): SessionsFolder {
    return workspaceSessionsFolder(this.deps.defaultSessionsRoot);
  }

  /** One at a time: two prompts sent at once with no session open start one session, not two. */
  private createSession(): Promise<Session> {
    this.creating ??= (async () => {
      const { dir, cwd } = this.sessionsFolder();
      return this.deps.current.create(dir, cwd);
    })().finally(() => (this.creating = undefined));
    return this.creating;
  }

  private sessionReplaced(session: Session | undefined): void {
    if (this.agent && this.agent.agent.session !== session) this.dropAgent();
    this.allowedForSession = new Set();
    this.sessionChanged.fire(session);
    this.fireState();
  }

  private requireSession(): Session {
    const session = this.session;
    if (!session) throw new PromptError('no-session', 'No session is open.');
    return session;
  }

  private async stopAndWait(): Promise<void> {
    const agent = this.agent?.agent;
    if (!agent) return;
    agent.abort();
    await agent.whenIdle();
  }

  private setRunning(running: boolean): void {
    this.running = running;
    if (!running) this.queued = [];
    this.fireState();
  }

  private fireState(): void {
    this.stateChanged.fire(this.state);
  }
}

/** The first workspace folder (tools are confined to it), if any. */
function toolRoot(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}
