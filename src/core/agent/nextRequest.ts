/**
 * The request the agent sends next, built in one place: the turn loop sends it, and Show Context
 * shows it (and counts its parts) without a second copy of the rules. The system prompt is
 * composed here, so the project's files are looked at once per build.
 */
import type { LlmRequest } from '../llm/provider';
import { holdsCompaction } from '../recall';
import type { Session } from '../session';
import type { ContextTracker } from './contextTracker';
import type { LiveConfiguration } from './liveConfiguration';
import type { ComposedPrompt } from './systemPrompt';

export interface NextRequest {
  /** What goes to the provider (the caller adds the abort signal). */
  request: Omit<LlmRequest, 'signal'>;
  /** The system prompt's parts (context files, SYSTEM.md…). */
  prompt: ComposedPrompt;
}

export async function buildNextRequest(config: LiveConfiguration, session: Session, tracker: ContextTracker): Promise<NextRequest> {
  const info = config.modelInfo();
  const branch = session.getBranch();
  const compacted = holdsCompaction(branch);
  const specs = config.declaredTools(branch, compacted).map((tool) => tool.spec);
  // Asked before every request: the project's files are re-checked, so an edit applies from the next one.
  const sections = config.toolPromptSections();
  const prompt = await config.systemPrompt({ root: config.root, tools: specs, compacted, ...(sections.length > 0 ? { sections } : {}) });
  return {
    prompt,
    request: {
      model: config.model,
      systemPrompt: prompt.text,
      messages: tracker.current().request.snapshot(),
      ...(specs.length > 0 ? { tools: specs } : {}),
      maxTokens: config.maxTokens ?? info?.maxOutputTokens ?? 8192,
      ...(config.thinking !== 'off' && info?.supportsThinking !== false ? { thinking: config.thinking } : {}),
    },
  };
}
