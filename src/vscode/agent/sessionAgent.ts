// The AgentSession of one session, for as long as that session is current: built soon after the session
// becomes current (the meter wants its reading; a reply a dead process left half-streamed is
// recovered), disposed with the session's scope, and configured again when the settings, the key
// or the workspace changed (the agent applies it between runs).
import type { AgentEvent, AgentSession } from '../../core/agent';
import type { Logger } from '../../core/util/logger';
import type { WorkspaceRecorder } from '../../core/checkpoints';
import type { ApprovalCallback } from '../../core/agent/tools/tool';
import type { ToolSource } from '../../core/agent/tools/toolSource';
import { ProjectPrompts } from '../../core/context';
import type { Session } from '../../core/session';
import { errorMessage } from '../../core/util/errors';
import type { Scope } from '../../core/util/scope';
import type { ArborHooks } from '../../core/hooks';
import type { WrittenFiles } from '../../core/edits/writtenFiles';
import { agentConfiguration, configurationSignature, createAgent, logProjectContext, type AgentInputs } from './builder';

export interface SessionAgentDeps {
  /** The settings, the key and the workspace as they are now. */
  inputs(): Promise<AgentInputs>;
  approve: ApprovalCallback;
  logger: Logger;
  log: Logger;
  /** The extension's own folder for reply checkpoints. */
  checkpointFolder: string;
  /** The recorder of the workspace's files for a session whose tools work in `root`. */
  recorder?(session: Session, root: string): WorkspaceRecorder;
  /** Other extensions' handlers around compactions and moves. */
  hooks?: ArborHooks | undefined;
  /** Keeps what each write or edit wrote (the chat's "Show diff" / "Open diff"). */
  written?: WrittenFiles | undefined;
  /** The MCP servers' tools (the source offers none in Restricted Mode). */
  toolSource?: ToolSource | undefined;
  /** Where the agent's events go while the session is current. */
  onEvent(event: AgentEvent): void;
  /** A request found other context files or contents than the one before (the chat's list follows). */
  onContextChanged?(): void;
}

/** How long after its session opens the agent is built when nothing asked for it sooner. */
const OPENING_BUILD_DELAY_MS = 400;

export class SessionAgent {
  private building: Promise<AgentSession> | undefined;
  private built: AgentSession | undefined;
  /** What the agent was last configured from. */
  private signature: string | undefined;
  /** Configurations are worked out and applied one after the other. */
  private configuring: Promise<void> = Promise.resolve();
  /** The project's system prompt, kept across configurations while its folder, trust and switch stay. */
  private readonly prompts: ProjectPrompts;

  constructor(
    readonly session: Session,
    private readonly scope: Scope,
    private readonly deps: SessionAgentDeps,
  ) {
    this.prompts = scope.add(
      new ProjectPrompts((snapshot) => {
        logProjectContext(snapshot, deps.logger);
        deps.onContextChanged?.();
      }),
    );
    // Built soon after the session opens rather than at once: with the key and pi's settings already
    // read, the build and the agent's first reading would run while the chat and the tree draw the
    // session, and the chat showed a 5 000-message session about 40 % later (bench/chatOpen). A
    // prompt or a move that needs the agent meanwhile builds it at once (`get`).
    const soon = setTimeout(() => {
      this.building ??= this.build();
    }, OPENING_BUILD_DELAY_MS);
    scope.add({ dispose: () => clearTimeout(soon) });
  }

  /** The agent once built (what it does, a stop, read without waiting). */
  get ready(): AgentSession | undefined {
    return this.built;
  }

  /** The agent (built again when the last try failed), configured as the settings now say. */
  async get(): Promise<AgentSession> {
    this.building ??= this.build();
    const agent = await this.building;
    // One after the other; one that failed does not keep the next from being tried.
    const configured = this.configuring.catch(() => undefined).then(() => this.configure(agent));
    this.configuring = configured;
    await configured;
    return agent;
  }

  private build(): Promise<AgentSession> {
    const building = (async () => {
      const inputs = await this.deps.inputs();
      const configuration = await agentConfiguration(inputs, this.session, this.deps.logger, this.prompts);
      // Files are recorded only where the agent's tools can change them.
      const workspaceRecorder = inputs.toolRoot !== undefined ? this.deps.recorder?.(this.session, inputs.toolRoot) : undefined;
      const agent = await createAgent({ session: this.session, configuration, approve: this.deps.approve, logger: this.deps.logger, checkpointFolder: this.deps.checkpointFolder, workspaceRecorder, hooks: this.deps.hooks, written: this.deps.written, toolSource: this.deps.toolSource });
      // Added to a scope that has ended (the session was replaced meanwhile), the agent is disposed at once.
      this.scope.add(agent);
      if (this.scope.isDisposed) return agent;
      this.signature = configurationSignature(inputs);
      this.built = agent;
      this.scope.add(agent.onEvent((event) => this.deps.onEvent(event)));
      this.deps.log.info(`Agent ready: ${describe(inputs)}`);
      agent.announce();
      return agent;
    })();
    building.catch((error: unknown) => {
      this.deps.log.warn(`The agent for session ${this.session.id} could not be built: ${errorMessage(error)}`);
      // The next use tries again (a tokenizer that failed to load, a file that was busy).
      if (this.building === building) this.building = undefined;
    });
    return building;
  }

  private async configure(agent: AgentSession): Promise<void> {
    const inputs = await this.deps.inputs();
    const signature = configurationSignature(inputs);
    if (signature === this.signature) return;
    agent.configure(await agentConfiguration(inputs, this.session, this.deps.logger, this.prompts));
    this.signature = signature;
    this.deps.log.info(`Agent configured: ${describe(inputs)}`);
  }
}

function describe(inputs: AgentInputs): string {
  return `${inputs.config.model}, ${inputs.toolRoot ? 'tools on' : 'no tools'}, estimator ${inputs.config.tokenEstimator}`;
}
