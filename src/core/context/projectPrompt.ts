/**
 * The system prompt the extension and `arbor run` send for a workspace: Arbor's prompt with the
 * project's context files, SYSTEM.md and APPEND_SYSTEM.md as pi finds them, re-checked before
 * every request (see `ProjectContext`).
 */
import { composeSystemPrompt, type SystemPromptInput, type SystemPromptSource } from '../agent/systemPrompt';
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
    return composeSystemPrompt(input, await this.context.load());
  }

  dispose(): void {
    this.context.dispose();
  }
}
