/**
 * pi-ai 0.73.1's Anthropic provider as an oracle for request bodies: it builds its request for the
 * same context, and we catch the body in its `onPayload` hook and stop it there (nothing is sent).
 */
import type { LlmRequest } from '../../../../src/core/llm';

// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type PiAi = typeof import('@mariozechner/pi-ai');
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type PiAnthropic = typeof import('@mariozechner/pi-ai/anthropic');

export type PiBody = Record<string, unknown> & { messages: unknown[]; system?: unknown; tools?: unknown[]; max_tokens: number; thinking?: unknown; output_config?: unknown };

let loaded: Promise<[PiAi, PiAnthropic]> | undefined;

export function loadPiAi(): Promise<[PiAi, PiAnthropic]> {
  loaded ??= Promise.all([import('@mariozechner/pi-ai'), import('@mariozechner/pi-ai/anthropic')]);
  return loaded;
}

const STOP = 'oracle: body captured';

/** `thinking` set: pi's "simple" entry point is asked, which maps a level to its parameters. */
export type PiContext = Pick<LlmRequest, 'model' | 'systemPrompt' | 'messages' | 'tools' | 'maxTokens' | 'thinking'>;

export async function piRequestBody(context: PiContext): Promise<PiBody> {
  const [ai, anthropic] = await loadPiAi();
  const model = ai.getModel('anthropic', context.model as never);
  let body: PiBody | undefined;
  const onPayload = (payload: unknown) => {
    body = payload as PiBody;
    throw new Error(STOP);
  };
  const piContext = {
    systemPrompt: context.systemPrompt,
    messages: context.messages as never,
    ...(context.tools ? { tools: context.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema as never })) } : {}),
  };
  const options = { apiKey: 'sk-ant-api03-oracle', maxTokens: context.maxTokens, onPayload };
  const stream =
    context.thinking && context.thinking !== 'off'
      ? anthropic.streamSimpleAnthropic(model, piContext, { ...options, reasoning: context.thinking })
      : anthropic.streamAnthropic(model, piContext, options);
  const result = await stream.result();
  if (!body) throw new Error(`pi built no body: ${result.errorMessage}`);
  return body;
}
