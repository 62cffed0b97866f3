/** A Summarizer that answers from a script and records every request. */
import type { Summarizer, SummaryRequest, SummaryResponse } from '../../../../src/core/compaction';

export type Reply = (request: SummaryRequest, callNumber: number) => SummaryResponse | Promise<SummaryResponse>;

export class ScriptedSummarizer implements Summarizer {
  readonly requests: SummaryRequest[] = [];

  constructor(private readonly reply: Reply = (_request, n) => ({ text: `summary ${n}` })) {}

  async summarize(request: SummaryRequest): Promise<SummaryResponse> {
    this.requests.push(request);
    return this.reply(request, this.requests.length);
  }

  /** The prompt text of request `index`. */
  prompt(index: number): string {
    const content = this.requests[index]!.messages[0]!.content;
    return typeof content === 'string' ? content : content.map((block) => ('text' in block ? block.text : '')).join('');
  }
}

/** Whether a request asks for a turn-prefix summary (its prompt has the prefix headings). */
export function isPrefixRequest(request: SummaryRequest): boolean {
  return (request.messages[0]!.content as { text: string }[])[0]!.text.includes('## Original Request');
}

/** Answers by prompt kind, as the reference fixtures' fake model does. */
export const byKind: Reply = (request) => {
  const text = (request.messages[0]!.content as { text: string }[])[0]!.text;
  if (isPrefixRequest(request)) return { text: '[turn prefix]' };
  if (text.includes('<previous-summary>')) return { text: '[history update]' };
  return { text: '[history]' };
};

/** A summarizer that waits until the request's signal aborts, then rejects. */
export function hangingSummarizer(): ScriptedSummarizer {
  return new ScriptedSummarizer(
    (request) =>
      new Promise((_resolve, reject) => {
        request.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  );
}
