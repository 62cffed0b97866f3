// What the chat's input holds, per session, and what happens to it when something else wants the
// input: the rules that keep typed text from being lost. The input text is the user's until they
// send it; text that Arbor puts in (a queued prompt given back after Stop, a failed prompt, the
// message Edit & branch or a tree click puts up for editing) never replaces it silently:
// - text given back (it was typed by the user and not sent) joins the input, oldest first, so
//   both stay in one place and the caret ends after what was being typed;
// - text a move puts up replaces the input, and a draft it replaces is put aside (the stash), one
//   click ("Restore draft") from coming back; restoring swaps the two, so nothing goes either way.
// Plain values and functions: the host keeps a book of them (one per session file, saved in the
// workspace's state, never in the session file) and the webview only draws the result.

export interface Draft {
  /** What the input holds. */
  readonly input: string;
  /** Text put aside by a move, waiting for "Restore draft" (undefined: nothing put aside). */
  readonly stash?: string;
  /**
   * The text the last move put into the input, as it put it: while the input still holds exactly
   * that, it is the session's own text (in the tree), not the user's, and the next move need not keep it.
   */
  readonly placed?: string;
}

export const EMPTY_DRAFT: Draft = { input: '' };

/** Texts that end up together in the input are separated by an empty line. */
const SEPARATOR = '\n\n';

const blank = (text: string | undefined): boolean => text === undefined || text.trim() === '';

/** The user typed: the input holds `text` (what a move put there stops being "placed" once changed). */
export function typed(draft: Draft, text: string): Draft {
  return withFields({ input: text, stash: draft.stash, placed: draft.placed === text ? draft.placed : undefined });
}

/**
 * Prompts the user wrote that were not sent (queued when Stop came, or refused by the server) come
 * back: before what the input holds now, since they were written first; the draft stays whole.
 */
export function givenBack(draft: Draft, unsent: readonly string[]): Draft {
  const texts = unsent.filter((text) => !blank(text));
  if (texts.length === 0) return draft;
  const input = [...texts, ...(blank(draft.input) ? [] : [draft.input])].join(SEPARATOR);
  return withFields({ input, stash: draft.stash });
}

/**
 * A move puts `text` into the input (Edit & branch, a click on a user message, Switch Branch to
 * one). A draft the user wrote is put aside; one the stash already holds is kept before it.
 */
export function placedByMove(draft: Draft, text: string): Draft {
  const keep = !blank(draft.input) && draft.input !== draft.placed && draft.input !== text;
  const stash = keep ? joinStash(draft.stash, draft.input) : draft.stash;
  return withFields({ input: text, stash, placed: text });
}

/** "Restore draft": the text put aside comes back; what the input held is put aside in its place. */
export function restored(draft: Draft): Draft {
  if (draft.stash === undefined) return draft;
  return withFields({ input: draft.stash, stash: blank(draft.input) ? undefined : draft.input });
}

/**
 * Back from a move: the text it put up leaves the input, unless the user changed it, and a draft
 * it put aside comes back in its place.
 */
export function movedBack(draft: Draft): Draft {
  if (draft.placed === undefined || draft.input !== draft.placed) return draft;
  return withFields({ input: draft.stash ?? '' });
}

/**
 * The view's first draft arrives while the input already holds text the user typed before it came
 * (the view shows its input before the host has answered): the typed text is kept, after the saved
 * draft when there is one, since the saved draft was written first.
 */
export function typedBeforeLoad(saved: string, typedEarly: string): string {
  if (blank(typedEarly) || typedEarly === saved) return saved;
  return blank(saved) ? typedEarly : `${saved}${SEPARATOR}${typedEarly}`;
}

/** The user dismissed what was put aside. */
export function stashDropped(draft: Draft): Draft {
  return withFields({ input: draft.input, placed: draft.placed });
}

/** Nothing to keep: an empty input and nothing put aside. */
export function isEmptyDraft(draft: Draft): boolean {
  return draft.input === '' && draft.stash === undefined;
}

function joinStash(stash: string | undefined, text: string): string {
  return blank(stash) ? text : `${stash}${SEPARATOR}${text}`;
}

/** A Draft without undefined fields (so equal drafts compare equal and store the same). */
function withFields(fields: { input: string; stash?: string | undefined; placed?: string | undefined }): Draft {
  return {
    input: fields.input,
    ...(fields.stash !== undefined && fields.stash !== '' ? { stash: fields.stash } : {}),
    ...(fields.placed !== undefined ? { placed: fields.placed } : {}),
  };
}
