/**
 * Show Context's document: the meter's number taken apart, then the next request as the provider
 * would receive it (its system prompt as text, its tools, messages and other parameters as JSON).
 * Plain text: whatever the session or the project's files hold is shown as it is sent, and nothing
 * in it is markup or a link to run.
 */
import { breakdownLines } from '../tokens';
import type { ContextReport } from './contextReport';

/** The line that opens each section; the tests and a reader find the parts by it. */
export const CONTEXT_SECTION = {
  system: '=== System prompt ===',
  tools: '=== Tools ===',
  messages: '=== Messages ===',
  parameters: '=== Other parameters ===',
} as const;

export function contextDocument(report: ContextReport): string {
  const { system, tools, messages, parameters } = requestParts(report);
  const n = (value: number): string => value.toLocaleString('en-US');
  const window = report.status.contextWindow;
  const lines = [
    `Arbor: the next request to ${report.request.model}`,
    'What the model receives if you send now; your next prompt comes after the last message.',
    '',
    `Tokens: ${n(report.breakdown.total)}${window !== undefined ? ` of ${n(window)}` : ''}, as the meter counts them`,
    ...breakdownLines(report.breakdown).map((line) => `  ${line}`),
    '',
    CONTEXT_SECTION.system,
    system,
    '',
    CONTEXT_SECTION.tools,
    json(tools),
    '',
    CONTEXT_SECTION.messages,
    json(messages),
    '',
    CONTEXT_SECTION.parameters,
    json(parameters),
    '',
  ];
  return lines.join('\n');
}

interface RequestParts {
  system: string;
  tools: unknown;
  messages: unknown;
  parameters: Record<string, unknown>;
}

/** From the provider's body when it gave one, else from the request. */
function requestParts(report: ContextReport): RequestParts {
  const { body, request } = report;
  if (!body) {
    const { systemPrompt, tools, messages, ...parameters } = request;
    return { system: systemPrompt, tools: tools ?? [], messages, parameters };
  }
  const { system, tools, messages, ...parameters } = body as Record<string, unknown>;
  return { system: systemText(system), tools: tools ?? [], messages, parameters };
}

/** The system blocks' text, as the model reads it (a string body stays as it is). */
function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return '';
  return system.map((block: unknown) => (block !== null && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : '')).join('\n');
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}
