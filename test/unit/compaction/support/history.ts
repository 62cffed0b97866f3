/** A session with three short turns and one long one: large enough to compact with a 500-token tail. */
import { appendTurns, assistant, memorySession, user } from '../../../support/builders';
import { chars } from './path';

export async function sessionWithHistory() {
  const session = memorySession();
  await appendTurns(session, 3);
  await session.appendMessage(user(chars(4000)));
  await session.appendMessage(assistant('latest answer'));
  return session;
}
