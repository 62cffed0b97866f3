/**
 * The system prompt the extension and `arbor run` send for a workspace: Arbor's prompt with the
 * project's context files, SYSTEM.md and APPEND_SYSTEM.md as pi finds them, re-checked before
 * every request (see `ProjectContext`).
 */
import { composeSystemPrompt, type ComposedPrompt, type SystemPromptInput, type SystemPromptSource } from '../agent/systemPrompt';
import type { Event } from '../util/event';
import { ProjectContext, type ProjectContextOptions, type ProjectContextSnapshot } from './projectContext';

export class ProjectPrompt implements SystemPromptSource {
  readonly context: ProjectContext;

  constructor(options: ProjectContextOptions) {
    this.context = new ProjectContext(options);
  }

  /** The files changed since the last request (or were loaded for the first time). */
  get onDidChange(): Event<ProjectContextSnapshot> {
    return this.context.onDidChange;
  }

  async systemPrompt(input: SystemPromptInput): Promise<string> {
    return (await this.compose(input)).text;
  }

  /** The prompt with the files it was made of, from one look at the project's files. */
  async compose(input: SystemPromptInput): Promise<ComposedPrompt> {
    const parts = await this.context.load();
    return { text: composeSystemPrompt(input, parts), parts };
  }

  dispose(): void {
    this.context.dispose();
  }
}

/**
 * The project prompt of one agent across its configurations: the same `ProjectPrompt` (and with it
 * the versions of the files it read) while the folder, trust, switch and access rules stay the
 * same, a new one when they change (the old one disposed). A setting that changes something else (the model, the
 * key) thus re-reads nothing.
 */
export class ProjectPrompts {
  private current: { key: string; targets: ProjectContextOptions['allowedTargets']; prompt: ProjectPrompt } | undefined;

  /** `changed`: called with what each prompt loaded, whenever that differs from its load before. */
  constructor(private readonly changed: (snapshot: ProjectContextSnapshot) => void = () => undefined) {}

  for(options: Omit<ProjectContextOptions, 'fs'>): ProjectPrompt {
    const { cwd, agentDir, trusted, contextFiles, maxFileBytes, home, owner, allowedFolders, allowedTargets } = options;
    const key = JSON.stringify([cwd, agentDir, trusted, contextFiles, maxFileBytes ?? null, home, owner ?? null, allowedFolders ?? []]);
    // The allowed targets are a live set, read at every load: the same set keeps the prompt.
    if (this.current?.key === key && this.current.targets === allowedTargets) return this.current.prompt;
    this.current?.prompt.dispose();
    const prompt = new ProjectPrompt(options);
    prompt.onDidChange((snapshot) => this.changed(snapshot));
    this.current = { key, targets: allowedTargets, prompt };
    return prompt;
  }

  dispose(): void {
    this.current?.prompt.dispose();
    this.current = undefined;
  }
}
