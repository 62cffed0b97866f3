// The chat input's drafts, one per session (keyed by the session's file; the empty key is "no
// session open"), as the host keeps them: read from and written to a plain JSON value the editor
// stores for the workspace (never the session file). The stored value is checked field by field
// when read (a workspace's state is not to be trusted blindly), and the book keeps the most
// recently used drafts only, so it cannot grow without end.
import { EMPTY_DRAFT, isEmptyDraft, type Draft } from './drafts';

/** How many sessions' drafts are kept (the least recently used beyond this are forgotten). */
export const MAX_DRAFTS = 50;

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
