/**
 * pi-ai 1.6.0's Anthropic provider (`@earendil-works/pi-ai`, the dependency of the pi oracle) as an
 * oracle for request bodies: it builds its request for the same context, and we catch the body in
 * its `onPayload` hook and stop it there (nothing is sent). Its `compat` entry still offers the
 * model table and the Anthropic stream functions by name.
 */
import type { LlmRequest } from '../../../../src/core/llm';
import { loadPiAi } from '../../../support/pi';

export type PiBody = Record<string, unknown> & { messages: unknown[]; system?: unknown; tools?: unknown[]; max_tokens: number; thinking?: unknown; output_config?: unknown };

const STOP = 'oracle: body captured';

/** `thinking` set: pi's "simple" entry point is asked, which maps a level to its parameters. */
export type PiContext = Pick<LlmRequest, 'model' | 'systemPrompt' | 'messages' | 'tools' | 'maxTokens' | 'thinking'>;

export async function piRequestBody(context: PiContext): Promise<PiBody> {
  const ai = await loadPiAi();
  const model = ai.getModel('anthropic', context.model as never);
  if (!model) throw new Error(`pi-ai 1.6.0 does not list the model ${context.model}`);
  let body: PiBody | undefined;
  const onPayload = (payload: unknown) => {
    body = payload as PiBody;
    throw new Error(STOP);
  };
  // pi-ai 1.6 takes the system prompt and tools folded into a leading system message.
  const piContext = ai.normalizeContext({
    systemPrompt: context.systemPrompt,
    messages: context.messages as never,
    ...(context.tools ? { tools: context.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema as never })) } : {}),
  });
  const options = { apiKey: 'sk-ant-api03-oracle', maxTokens: context.maxTokens, onPayload };
  const stream =
    context.thinking && context.thinking !== 'off'
      ? ai.streamSimpleAnthropic(model, piContext, { ...options, reasoning: context.thinking })
      : ai.streamAnthropic(model, piContext, options);
  const result = await stream.result();
  if (!body) throw new Error(`pi built no body: ${result.errorMessage}`);
  return body;
}
