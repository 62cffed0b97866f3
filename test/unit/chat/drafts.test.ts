// The rules that keep typed text from being lost when Arbor wants the chat's input: unsent prompts
// join the draft, a move's text puts the draft aside, Restore swaps them back, and the book of
// drafts per session reads only well-formed drafts and keeps a bounded number.
import { strict as assert } from 'node:assert';
import { DraftBook, EMPTY_DRAFT, givenBack, MAX_DRAFTS, movedBack, NO_SESSION, placedByMove, restored, SessionDrafts, stashDropped, typed, typedBeforeLoad, type Draft, type StoredDrafts } from '../../../src/core/chat';

describe('chat drafts: typed text is never lost', () => {
  describe('unsent prompts given back (Stop with a queue, a prompt that failed)', () => {
    it('puts the unsent prompts into an empty input, oldest first, an empty line between', () => {
      assert.deepEqual(givenBack(EMPTY_DRAFT, ['first queued', 'second queued']), { input: 'first queued\n\nsecond queued' });
    });

    it('keeps a draft typed meanwhile whole, after the unsent prompts, and what was put aside', () => {
      assert.deepEqual(givenBack({ input: 'my new draft', stash: 'older draft' }, ['queued one', 'queued two']), {
        input: 'queued one\n\nqueued two\n\nmy new draft',
        stash: 'older draft',
      });
    });

    it('changes nothing when nothing (or only blank text) was unsent', () => {
      const draft: Draft = { input: 'typing', stash: 'aside' };
      assert.equal(givenBack(draft, []), draft);
      assert.equal(givenBack(draft, ['  ', '\n']), draft);
    });
  });

  describe('text typed before the view had its draft (the input shows before the host answers)', () => {
    it('keeps the typed text when the saved draft is empty', () => {
      assert.equal(typedBeforeLoad('', 'Hello from home'), 'Hello from home');
    });

    it('keeps both when a draft was saved: the saved one first, an empty line between', () => {
      assert.equal(typedBeforeLoad('saved yesterday', 'typed now'), 'saved yesterday\n\ntyped now');
    });

    it('takes the saved draft when nothing (or only blank text) was typed, or the same text', () => {
      assert.deepEqual([typedBeforeLoad('saved', ''), typedBeforeLoad('saved', ' \n'), typedBeforeLoad('same', 'same')], ['saved', 'saved', 'same']);
    });
  });

  describe('a move that puts text into the input (Edit & branch, a tree click)', () => {
    it('puts the text into an empty input and puts nothing aside', () => {
      assert.deepEqual(placedByMove(EMPTY_DRAFT, 'edit me'), { input: 'edit me', placed: 'edit me' });
      assert.deepEqual(placedByMove({ input: '  \n' }, 'edit me'), { input: 'edit me', placed: 'edit me' });
    });

    it('puts a typed draft aside and offers it back', () => {
      assert.deepEqual(placedByMove({ input: 'half a thought' }, 'edit me'), { input: 'edit me', stash: 'half a thought', placed: 'edit me' });
    });

    it('does not put aside the text of an earlier move the user left as it was, keeping what was already aside', () => {
      const first = placedByMove({ input: 'my draft' }, 'first message');
      assert.deepEqual(placedByMove(first, 'second message'), { input: 'second message', stash: 'my draft', placed: 'second message' });
    });

    it('puts aside an earlier move\'s text the user edited, after the draft already aside', () => {
      const edited = typed(placedByMove({ input: 'my draft' }, 'first message'), 'first message, reworded');
      assert.deepEqual(placedByMove(edited, 'second message'), { input: 'second message', stash: 'my draft\n\nfirst message, reworded', placed: 'second message' });
    });

    it('puts nothing aside when the input already holds the same text', () => {
      assert.deepEqual(placedByMove({ input: 'same text' }, 'same text'), { input: 'same text', placed: 'same text' });
    });
  });

  describe("the move note's Back", () => {
    it('takes the move\'s text out of the input and brings the draft it put aside back', () => {
      assert.deepEqual(movedBack(placedByMove({ input: 'my draft' }, 'edit me')), { input: 'my draft' });
      assert.deepEqual(movedBack(placedByMove(EMPTY_DRAFT, 'edit me')), { input: '' });
    });

    it('keeps the input when the user changed the move\'s text, and what was put aside with it', () => {
      const edited = typed(placedByMove({ input: 'my draft' }, 'edit me'), 'edit me, reworded');
      assert.deepEqual(movedBack(edited), { input: 'edit me, reworded', stash: 'my draft' });
    });

    it('changes nothing after a move that put no text up', () => {
      const draft: Draft = { input: 'typing' };
      assert.equal(movedBack(draft), draft);
    });
  });

  describe('Restore draft and typing', () => {
    it('swaps the text put aside with the input, so the move\'s text can come back too', () => {
      const moved = placedByMove({ input: 'my draft' }, 'edit me');
      const back = restored(moved);
      assert.deepEqual(back, { input: 'my draft', stash: 'edit me' });
      assert.deepEqual(restored(back), { input: 'edit me', stash: 'my draft' });
    });

    it('brings the draft back without putting an empty input aside', () => {
      assert.deepEqual(restored({ input: '', stash: 'my draft' }), { input: 'my draft' });
    });

    it('changes nothing when nothing is put aside', () => {
      const draft: Draft = { input: 'typing' };
      assert.equal(restored(draft), draft);
    });

    it('forgets the move\'s text once the user changes it, and keeps the stash while typing', () => {
      const moved = placedByMove({ input: 'my draft' }, 'edit me');
      assert.deepEqual(typed(moved, 'edit me'), moved);
      assert.deepEqual(typed(moved, 'edit me!'), { input: 'edit me!', stash: 'my draft' });
    });

    it('lets the user dismiss what was put aside', () => {
      assert.deepEqual(stashDropped({ input: 'edit me', stash: 'my draft', placed: 'edit me' }), { input: 'edit me', placed: 'edit me' });
    });
  });

  describe('the book of drafts, one per session', () => {
    it('keeps each session\'s draft apart and gives an empty one for a session without', () => {
      const book = new DraftBook();
      book.set('/s/a.jsonl', { input: 'draft of a' });
      book.set('/s/b.jsonl', { input: 'draft of b', stash: 'aside in b' });
      assert.deepEqual([book.get('/s/a.jsonl'), book.get('/s/b.jsonl'), book.get('/s/c.jsonl')], [{ input: 'draft of a' }, { input: 'draft of b', stash: 'aside in b' }, EMPTY_DRAFT]);
    });

    it('says whether a draft changed and forgets empty drafts', () => {
      const book = new DraftBook();
      assert.deepEqual([book.set('a', { input: 'x' }), book.set('a', { input: 'x' }), book.set('a', EMPTY_DRAFT)], [true, false, true]);
      assert.deepEqual(book.toJSON(), {});
    });

    it('reads back what it stored, and only well-formed drafts from a stored value', () => {
      const book = new DraftBook();
      book.set('a', { input: 'draft', stash: 'aside', placed: 'p' });
      assert.deepEqual(new DraftBook(JSON.parse(JSON.stringify(book.toJSON()))).toJSON(), { a: { input: 'draft', stash: 'aside', placed: 'p' } });
      const stored = { good: { input: 'kept' }, number: { input: 7 }, badStash: { input: 'x', stash: 1 }, array: ['x'], nothing: null, empty: { input: '' } };
      assert.deepEqual(new DraftBook(stored).toJSON(), { good: { input: 'kept' } });
      for (const hostile of [undefined, null, 'text', 42, [{ input: 'x' }]]) assert.deepEqual(new DraftBook(hostile).toJSON(), {});
    });

    it(`keeps the ${MAX_DRAFTS} most recently used drafts`, () => {
      const book = new DraftBook();
      for (let index = 0; index <= MAX_DRAFTS; index++) book.set(`s${index}`, { input: `draft ${index}` });
      book.set('s1', { input: 'draft 1 again' });
      book.set('new', { input: 'newest' });
      const keys = Object.keys(book.toJSON());
      assert.equal(keys.length, MAX_DRAFTS);
      assert.deepEqual([keys.includes('s0'), keys.includes('s2'), keys.includes('s1'), keys.at(-1)], [false, false, true, 'new']);
    });
  });

  describe('the drafts the chat shows, session by session', () => {
    function drafts(stored?: unknown): { shown: SessionDrafts; saved: StoredDrafts[] } {
      const saved: StoredDrafts[] = [];
      return { shown: new SessionDrafts(stored, (value) => saved.push(value)), saved };
    }

    it('shows each session its own draft when the input switches between them, and an empty one to a session without', () => {
      const { shown } = drafts();
      shown.show('/s/a.jsonl', false);
      shown.report(shown.generation, (draft) => typed(draft, 'draft of a'));
      shown.show('/s/b.jsonl', false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
      shown.report(shown.generation, (draft) => typed(draft, 'draft of b'));
      shown.show('/s/a.jsonl', false);
      assert.deepEqual(shown.draft, { input: 'draft of a' });
      shown.show(NO_SESSION, false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
    });

    it("drops a report of the input sent for a session no longer shown, so it cannot land in the next session's draft", () => {
      const { shown } = drafts();
      shown.show('/s/a.jsonl', false);
      const turnOfA = shown.generation;
      shown.show('/s/b.jsonl', false);
      assert.equal(shown.report(turnOfA, (draft) => typed(draft, 'typed in a')), false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
      shown.show('/s/a.jsonl', false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
    });

    it('keeps unsent prompts for the session they were written in, saying whether it is the one shown', () => {
      const { shown } = drafts();
      shown.show('/s/b.jsonl', false);
      assert.equal(shown.changeFor('/s/a.jsonl', (draft) => givenBack(draft, ['queued in a'])), false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
      shown.show('/s/a.jsonl', false);
      assert.deepEqual(shown.draft, { input: 'queued in a' });
    });

    it('gives a draft typed with no session open to the new session the next prompt creates, not to an existing one', () => {
      const { shown } = drafts();
      shown.show(NO_SESSION, false);
      shown.report(shown.generation, (draft) => typed(draft, 'typed before the first prompt'));
      shown.show('/s/old.jsonl', false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
      shown.show(NO_SESSION, false);
      shown.show('/s/new.jsonl', true);
      assert.deepEqual(shown.draft, { input: 'typed before the first prompt' });
      shown.show(NO_SESSION, false);
      assert.deepEqual(shown.draft, EMPTY_DRAFT);
    });

    it('saves the book after each change and reads it back, so a reload shows the same drafts', () => {
      const { shown, saved } = drafts();
      shown.show('/s/a.jsonl', false);
      shown.report(shown.generation, (draft) => typed(draft, 'kept across a reload'));
      shown.report(shown.generation, (draft) => typed(draft, 'kept across a reload'));
      assert.deepEqual(saved, [{ '/s/a.jsonl': { input: 'kept across a reload' } }]);
      const reloaded = drafts(JSON.parse(JSON.stringify(saved.at(-1)))).shown;
      reloaded.show('/s/a.jsonl', false);
      assert.deepEqual(reloaded.draft, { input: 'kept across a reload' });
    });
  });
});
