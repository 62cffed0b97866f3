import { plainText } from '../util/plainText';

/** Why a prompt's mentions could not be expanded: the prompt is not sent, and the message says which mention and why. */
export type MentionErrorReason = 'outside-workspace' | 'binary' | 'not-a-file' | 'unreadable' | 'past-end';

export class MentionError extends Error {
  constructor(
    readonly reason: MentionErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'MentionError';
  }
}

/**
 * What a sent mention's chip says when its path is gone. The path comes from a message's text,
 * which any session file may hold, and is shown in a notification: as plain text (no link, no icon).
 */
export function mentionGoneText(path: string): string {
  return `${plainText(path)} is no longer in the workspace.`;
}
