/**
 * What the Messages API demands of a request, checked on a recorded body: the fake server's own
 * validator (tool_use / tool_result pairing between neighbours, no empty text, signed thinking,
 * cache breakpoints, the thinking budget), plus two rules it leaves to the API that Arbor's requests
 * must keep anyway: no message is empty, and the first message is the user's. Returns the problems.
 */
import { requestProblem } from '../../../support/fakeAnthropic/validate';
import type { MessagesRequestBody } from '../../../support/fakeAnthropic/wire';

/** `body` is a recorded request body (parsed JSON), however the caller typed it. */
export function requestProblems(recorded: unknown): string[] {
  const body = (recorded ?? {}) as MessagesRequestBody;
  const problems: string[] = [];
  const apiProblem = requestProblem(body, '/v1/messages');
  if (apiProblem) problems.push(apiProblem);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((message, index) => {
    const content = message !== null && typeof message === 'object' && !Array.isArray(message) ? message['content'] : undefined;
    if (Array.isArray(content) && content.length === 0) problems.push(`message ${index} is empty`);
  });
  const first = messages[0];
  if (first !== undefined && (first === null || typeof first !== 'object' || Array.isArray(first) || first['role'] !== 'user')) {
    problems.push('the first message is not a user message');
  }
  return problems;
}
