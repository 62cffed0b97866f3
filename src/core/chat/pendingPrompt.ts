/**
 * The user's own message as the chat shows it the moment Enter is pressed, before the host has
 * taken it: the first prompt of a session waits for the session to be made and its agent built,
 * and the message must not wait with it. It stands at the end of the conversation until the
 * session's own user entry arrives (it replaces it) or the host says the prompt is settled
 * otherwise (queued behind a run, or refused: the draft comes back with the reason), so a
 * message is never shown twice nor lost.
 */
import type { PromptImage } from './attachments';
import type { UserItem } from './items';

/** The id of the message shown before the session has it. */
export const PENDING_ID = '__pending__';

/** The typed text and its images as the chat shows them until the session's entry arrives. */
export function pendingUserItem(text: string, images: readonly PromptImage[] = []): UserItem {
  return { kind: 'user', id: PENDING_ID, text, images: images.map(({ mimeType, data }) => ({ mimeType, data })) };
}
