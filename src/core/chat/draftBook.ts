// The chat input's drafts, one per session (keyed by the session's file; the empty key is "no
// session open"), as the host keeps them: read from and written to a plain JSON value the editor
// stores for the workspace (never the session file). The stored value is checked field by field
// when read (a workspace's state is not to be trusted blindly), and the book keeps the most
// recently used drafts only, so it cannot grow without end.
import { EMPTY_DRAFT, isEmptyDraft, type Draft } from './drafts';

/** How many sessions' drafts are kept (the least recently used beyond this are forgotten). */
export const MAX_DRAFTS = 50;

/** The key of the draft typed while no session is open. */
export const NO_SESSION = '';

/** The stored form: session key → draft, least recently used first. */
export type StoredDrafts = Record<string, Draft>;

export class DraftBook {
  /** Insertion order is use order: the last key is the latest used. */
  private readonly drafts = new Map<string, Draft>();

  constructor(stored?: unknown) {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return;
    for (const [key, value] of Object.entries(stored)) {
      const draft = draftFrom(value);
      if (draft && !isEmptyDraft(draft)) this.drafts.set(key, draft);
    }
    this.trim();
  }

  get(key: string): Draft {
    return this.drafts.get(key) ?? EMPTY_DRAFT;
  }

  /** Records the session's draft (forgetting it when there is nothing to keep); true when it changed. */
  set(key: string, draft: Draft): boolean {
    const before = this.drafts.get(key) ?? EMPTY_DRAFT;
    this.drafts.delete(key);
    if (!isEmptyDraft(draft)) this.drafts.set(key, draft);
    this.trim();
    return !sameDraft(before, draft);
  }

  /** Applies `change` to the session's draft and records the result, which it returns. */
  update(key: string, change: (draft: Draft) => Draft): Draft {
    const next = change(this.get(key));
    this.set(key, next);
    return next;
  }

  toJSON(): StoredDrafts {
    return Object.fromEntries(this.drafts);
  }

  private trim(): void {
    for (const key of this.drafts.keys()) {
      if (this.drafts.size <= MAX_DRAFTS) return;
      this.drafts.delete(key);
    }
  }
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return a.input === b.input && a.stash === b.stash && a.placed === b.placed;
}

/** A stored draft, when every field has the type it should (anything else is dropped). */
function draftFrom(value: unknown): Draft | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { input, stash, placed } = value as Record<string, unknown>;
  if (typeof input !== 'string') return undefined;
  if (stash !== undefined && typeof stash !== 'string') return undefined;
  if (placed !== undefined && typeof placed !== 'string') return undefined;
  return { input, ...(stash !== undefined && stash !== '' ? { stash } : {}), ...(placed !== undefined ? { placed } : {}) };
}

/**
 * The drafts as the chat uses them: the book, which session's draft the input shows, and the
 * turn (`generation`) that the input's reports must name, so that a report sent just before a
 * session switch does not land in the next session's draft. `save` gets the stored form after
 * every change.
 */
export class SessionDrafts {
  private readonly book: DraftBook;
  private key = NO_SESSION;
  private turn = 0;

  constructor(
    stored: unknown,
    private readonly save: (drafts: StoredDrafts) => void,
  ) {
    this.book = new DraftBook(stored);
  }

  /**
   * The input now shows the session `key` (NO_SESSION: none is open): a new turn starts.
   * `isNew`: the session has no entries yet; a draft typed while none was open goes with it (it is
   * the session the next prompt created).
   */
  show(key: string, isNew: boolean): void {
    if (this.key === NO_SESSION && key !== NO_SESSION && isNew && isEmptyDraft(this.book.get(key))) {
      this.book.set(key, this.book.get(NO_SESSION));
      this.book.set(NO_SESSION, EMPTY_DRAFT);
      this.save(this.book.toJSON());
    }
    this.key = key;
    this.turn++;
  }

  get generation(): number {
    return this.turn;
  }

  /** The shown session's draft. */
  get draft(): Draft {
    return this.book.get(this.key);
  }

  /** A change the input reports for turn `generation`; false (and nothing changed) when that turn is over. */
  report(generation: number, change: (draft: Draft) => Draft): boolean {
    if (generation !== this.turn) return false;
    this.change(change);
    return true;
  }

  /** Applies one of the rules to the shown session's draft; returns the result. */
  change(change: (draft: Draft) => Draft): Draft {
    return this.changeOf(this.key, change);
  }

  /** Applies one of the rules to session `key`'s draft; true when that session is the one shown. */
  changeFor(key: string, change: (draft: Draft) => Draft): boolean {
    this.changeOf(key, change);
    return key === this.key;
  }

  private changeOf(key: string, change: (draft: Draft) => Draft): Draft {
    const after = change(this.book.get(key));
    if (this.book.set(key, after)) this.save(this.book.toJSON());
    return after;
  }
}
