/** What the fake server remembers of every request it received, for tests to inspect. */
import type { MessagesRequestBody } from './wire';

/** How the response ended: sent whole, answered with an error, reset by the server, or dropped by the client. */
export type Outcome = 'pending' | 'complete' | 'error' | 'reset' | 'aborted';

export interface RecordedRequest {
  /** Position in the server's `requests`, from 0. */
  index: number;
  method: string;
  /** The path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Header names lowercased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when it was not a JSON object. */
  body: MessagesRequestBody | undefined;
  rawBody: string;
  /** `Date.now()` when the body had arrived. */
  time: number;
  /** Input tokens the server computed from the body (see tokens.ts); 0 without a body. */
  inputTokens: number;
  /** HTTP status sent, once headers went out. */
  status?: number;
  outcome: Outcome;
}
