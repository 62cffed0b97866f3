/**
 * Show Context's report: the next request as the provider would receive it if it were sent now
 * (the user's next prompt goes after its last message), and the meter's number taken apart.
 */
import type { LlmRequest } from '../llm/provider';
import type { ContextBreakdown, ContextStatus } from '../tokens';

export interface ContextReport {
  request: Omit<LlmRequest, 'signal'>;
  /** The body the provider would send, built by its own code; absent when it cannot say. */
  body?: object;
  status: ContextStatus;
  breakdown: ContextBreakdown;
}
