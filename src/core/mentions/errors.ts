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
