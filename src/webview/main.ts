// The Chat view's script: draws what the host sends and posts the user's intents back. It holds no
// conversation logic: items come from core's render model (src/core/chat) via src/shared/protocol.ts.
import { STREAMING_ID } from '../core/chat/items';
import { pendingUserItem } from '../core/chat/pendingPrompt';
import type { ApprovalDecision, ChatCommandId, ChatContextEditAction, EditReviewAction, ChatStatus, HostToWebviewMessage, WebviewToHostMessage } from '../shared/protocol';
import { parseSlashCommand } from '../core/chat/slashCommands';
import { typedBeforeLoad } from '../core/chat/drafts';
import { Composer } from './composer';
import { MentionCompletion } from './mentionCompletion';
import { ApprovalCards } from './approvalCards';
import { Attachments } from './attachments';
import { MoveNoteView, sessionStartNote } from './moveNote';
import { dropOtherSessionNotices, emptyState, showNotice, showQueue, showStash, trustBanner } from './panels';
import { ProjectLine } from './projectLine';
import { openCards } from './render/assistant';
import { itemElement } from './render/items';
import { toggleFold } from './render/userText';
import { ChatStore } from './store';
import { VirtualList } from './virtualList';
import { placesOf, withPlace, type Place } from './place';

interface SavedState {
  /**
   * Each session's place in the conversation (a session not here was left at its end), kept across
   * a reload, a hidden view and a switch to another session and back. (The draft is the host's:
   * drafts belong to their session.)
   */
  places?: Record<string, Place>;
}

const vscode = acquireVsCodeApi();
const post = (message: WebviewToHostMessage): void => vscode.postMessage(message);

// Our own failures go to the host's log (and so to the tests) instead of being lost.
window.addEventListener('error', (event) => post({ type: 'webviewError', message: `${event.message} (${event.filename}:${event.lineno})` }));
window.addEventListener('unhandledrejection', (event) => post({ type: 'webviewError', message: `Unhandled rejection: ${String(event.reason)}` }));
document.addEventListener('securitypolicyviolation', (event) =>
  post({ type: 'webviewError', message: `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline content'}` }),
);

const byId = (id: string): HTMLElement => document.getElementById(id)!;
const conversation = byId('conversation');
const notices = byId('notices');
const approvals = byId('approvals');
const queue = byId('queue');
const stash = byId('stash');
const live = byId('live');
const statusLine = byId('status-line');
const projectLine = new ProjectLine(byId('project-line'));
const empty = document.createElement('div');
empty.className = 'empty-host';
const banner = document.createElement('div');
banner.className = 'banner-host';
conversation.before(banner);
conversation.before(empty);
const moveNoteHost = document.createElement('div');
moveNoteHost.className = 'move-note-host';
byId('composer').before(moveNoteHost);
const moveNote = new MoveNoteView(moveNoteHost);

const savedState = vscode.getState() as { places?: unknown } | undefined;
let places = placesOf(savedState?.places);

const store = new ChatStore();
let status: ChatStatus = { running: false, queued: [], trusted: true, hasKey: true, model: '', compacting: false, hasSession: false };
/** The host holds items before the first one here (a long branch arrives from its end). */
let hasEarlier = false;
let loadingEarlier = false;
/** The host's turn for the session shown (from its `draft` message); the input's changes are reported with it. */
let draftGeneration: number | undefined;
/** The session has messages, the position is before them all: the empty chat says so instead of welcoming. */
let atSessionStart = false;

/** At the top of what is held, ask for the window before it. */
function maybeLoadEarlier(): void {
  if (!hasEarlier || loadingEarlier || store.items.length === 0 || list.firstRendered > 0 || list.stuckToBottom) return;
  loadingEarlier = true;
  post({ type: 'loadEarlier', beforeId: store.items[0]!.id });
}

const list = new VirtualList(
  conversation,
  { count: () => store.count, key: (index) => store.at(index).id, render: (index) => itemElement(store.at(index)) },
  () => {
    placeSought = undefined;
    rememberPlace();
    requestAnimationFrame(maybeLoadEarlier);
  },
);

/** Saves where the shown session is read (its end: nothing kept). */
function rememberPlace(): void {
  if (shownSession === undefined) return;
  places = withPlace(places, shownSession, list.place());
  vscode.setState({ places } satisfies SavedState);
}

/** A place whose item is before the items held: earlier windows are asked for until it comes (or the user scrolls). */
let placeSought: Place | undefined;

/**
 * A session newly shown (the view loaded, or another session opened) comes back where it was read;
 * the same session shown again (a move, a compaction) shows its end.
 */
function showPlace(previous: string | undefined): void {
  placeSought = undefined;
  // Own keys only: a session id such as "__proto__" (ids come from files) finds no inherited place.
  const place = shownSession !== previous && shownSession !== undefined && Object.hasOwn(places, shownSession) ? places[shownSession] : undefined;
  list.scrollToBottom();
  if (place) seekPlace(place);
  else rememberPlace();
}

/** Goes to `place` if its item is held, else asks for the window before; with none left (the item is no longer on the branch) the end stays. */
function seekPlace(place: Place): void {
  placeSought = undefined;
  if (list.keepPlace(place)) return;
  if (!hasEarlier || store.items.length === 0) return rememberPlace();
  placeSought = place;
  loadingEarlier = true;
  post({ type: 'loadEarlier', beforeId: store.items[0]!.id });
}

/** The session's prompts on every branch, oldest first (what Up recalls): from `reset`, then each one appended. */
let sentPrompts: string[] = [];

const composer = new Composer({
  send: (text) => {
    notices.replaceChildren();
    moveNote.hide();
    // Sending is looking at the end: the place saved from reading further up is no longer where the reader is.
    list.scrollToBottom();
    rememberPlace();
    // A known `/` command runs on the host; any other text (an unknown `/word` too) is a message, as in pi.
    const command = parseSlashCommand(text);
    if (command) return post({ type: 'slashCommand', ...command });
    const attached = attachments.take();
    // Shown at once, drawn before anything else happens (the host may first make the session and
    // build its agent); one sent during a run is queued, and the queue shows it.
    if (!status.running) {
      store.pending = pendingUserItem(text, attached.images);
      list.update();
      refreshChrome();
    }
    post({ type: 'prompt', text, ...attached });
  },
  stop: () => post({ type: 'stop' }),
  draftChanged: (text) => {
    if (draftGeneration !== undefined) post({ type: 'draftChanged', text, generation: draftGeneration });
  },
  prompts: () => [...sentPrompts, ...status.queued],
  interceptKey: (event): boolean => mentions.handleKey(event),
});
// The user working in the input (a click, a keystroke; never Arbor's own text) tells the host, at
// most every quarter second: a move made in the Session Tree then leaves the keyboard here.
let inputUsedAt = 0;
const inputUsed = (): void => {
  if (Date.now() - inputUsedAt < 250) return;
  inputUsedAt = Date.now();
  post({ type: 'inputUsed' });
};
composer.input.addEventListener('pointerdown', inputUsed);
composer.input.addEventListener('input', inputUsed);

const mentions: MentionCompletion = new MentionCompletion(composer.input, { query: (id, query) => post({ type: 'mentionQuery', id, query }) });

const attachments = new Attachments(composer.input, byId('composer'), {
  refuse: (text) => showNotice(notices, { type: 'notice', level: 'warning', text }),
  dropUris: (uris) => post({ type: 'dropUris', uris }),
});

const approvalCards = new ApprovalCards(approvals, {
  announce: (text) => (live.textContent = text),
  focusAway: () => composer.focus(),
});

// The streamed reply is drawn at most once per frame, however fast the deltas come.
let replyFrame = 0;
function redrawReply(): void {
  if (replyFrame) return;
  replyFrame = requestAnimationFrame(() => {
    replyFrame = 0;
    list.invalidate(STREAMING_ID);
    list.update();
  });
}

function refreshChrome(): void {
  const isEmpty = store.count === 0;
  empty.replaceChildren(...(isEmpty ? [atSessionStart ? sessionStartNote() : emptyState(status)] : []));
  empty.hidden = !isEmpty;
  conversation.classList.toggle('is-empty', isEmpty);
  const note = trustBanner(status);
  banner.replaceChildren(...(note ? [note] : []));
  banner.hidden = !note;
  composer.setRunning(status.running);
  showQueue(queue, status);
  statusLine.textContent = status.compacting ? 'Compacting the context…' : status.running ? 'Arbor is working…' : '';
}

/** The session the last `reset` showed. */
let shownSession: string | undefined;

function receive(message: HostToWebviewMessage): void {
  switch (message.type) {
    case 'reset': {
      const previous = shownSession;
      shownSession = message.sessionId;
      dropOtherSessionNotices(notices, shownSession);
      store.reset(message.items, message.streaming);
      sentPrompts = message.prompts ?? [];
      hasEarlier = message.hasEarlier;
      atSessionStart = message.atSessionStart === true;
      loadingEarlier = false;
      list.clear();
      showPlace(previous);
      list.update();
      return refreshChrome();
    }
    case 'prepend':
      hasEarlier = message.hasEarlier;
      loadingEarlier = false;
      store.prepend(message.items);
      list.prepended(message.items.map((item) => item.id));
      if (placeSought) seekPlace(placeSought);
      return;
    case 'append':
      if (message.item.kind === 'assistant') {
        list.invalidate(STREAMING_ID);
        live.textContent = 'Arbor replied.';
      }
      if (message.item.kind === 'user') sentPrompts.push(message.item.text);
      store.append(message.item);
      // A compaction the user asked for (no run going on) is what they wait for: its card comes
      // into view, its top first, even when they had scrolled up. One a run makes is followed as before.
      if (message.item.kind === 'compaction' && !status.running) list.scrollToIndex(store.items.length - 1);
      else list.schedule();
      return refreshChrome();
    case 'replyStart':
      store.startReply(message.model);
      live.textContent = 'Arbor is replying…';
      list.schedule();
      return refreshChrome();
    case 'delta':
      store.delta(message.delta);
      return redrawReply();
    case 'replyReset':
      store.dropReply();
      list.invalidate(STREAMING_ID);
      list.schedule();
      if (message.message) showNotice(notices, { type: 'notice', level: 'info', text: message.message });
      return refreshChrome();
    case 'tool': {
      const id = store.tool(message);
      if (id === undefined) return;
      list.invalidate(id);
      return list.schedule();
    }
    case 'turnFiles':
      if (!store.turnFiles(message)) return;
      list.invalidate(message.turnId);
      return list.schedule();
    case 'status':
      status = message.status;
      return refreshChrome();
    case 'approval':
      return approvalCards.show(message);
    case 'approvalDone':
      return approvalCards.remove(message.requestId);
    case 'notice':
      // A notice about a session sent before another one was shown (queued while the view was hidden) is stale.
      if (message.sessionId !== undefined && message.sessionId !== shownSession) return;
      return showNotice(notices, message);
    case 'promptSettled':
      // Taken by the session (its entry replaced it), queued behind a run, or refused (the draft is back).
      if (!store.pending) return;
      store.pending = undefined;
      list.schedule();
      return refreshChrome();
    case 'draft': {
      // The first draft since the view loaded may find text typed while it was on its way: kept.
      const input = draftGeneration === undefined ? typedBeforeLoad(message.input, composer.input.value) : message.input;
      draftGeneration = message.generation;
      composer.setText(input);
      if (input !== message.input) post({ type: 'draftChanged', text: input, generation: message.generation });
      showStash(stash, message.stash);
      if (message.focus) composer.focus();
      return;
    }
    case 'focusInput':
      return composer.focus();
    case 'inputBarrier':
      return post({ type: 'inputBarrier', id: message.id });
    case 'reveal': {
      const index = store.indexOf(message.entryId);
      if (index !== undefined) list.scrollToIndex(index);
      return rememberPlace();
    }
    case 'moveNote':
      return moveNote.show(message);
    case 'contextFiles':
      return projectLine.setFiles(message);
    case 'mentionResults':
      return mentions.show(message.id, message.items);
    case 'totals':
      return projectLine.setTotals(message);
    case 'insertText':
      return composer.insert(message.text);
    case 'activeEditor':
      return attachments.setActiveEditor(message.path);
    case 'pin': {
      const id = store.pin(message.entryId, message.pinned);
      if (id === undefined) return;
      list.invalidate(id);
      return list.update();
    }
    case 'contextMarks': {
      const ids = store.contextMarks(message.marks);
      if (ids.length === 0) return;
      for (const id of ids) list.invalidate(id);
      return list.update();
    }
  }
}

window.addEventListener('message', (event: MessageEvent<HostToWebviewMessage>) => receive(event.data));

// One listener for every button in the chat, by its data-action.
document.addEventListener('click', (event) => {
  const target = event.target as Element;
  const link = target.closest('a');
  if (link && conversation.contains(link)) {
    event.preventDefault();
    const href = link.getAttribute('href');
    if (href) post({ type: 'openLink', href });
    return;
  }
  const button = target.closest('button[data-action]') as HTMLButtonElement | null;
  if (!button) return;
  const data = button.dataset;
  switch (data['action']) {
    case 'edit':
      return post({ type: 'editAndBranch', entryId: data['id']! });
    case 'branch':
      return post({ type: 'branchFrom', entryId: data['id']! });
    case 'pin':
      return post({ type: 'setPin', entryId: data['id']!, pinned: data['pin'] === 'true' });
    case 'show-summarized':
      return post({ type: 'showSummarized', entryId: data['id']! });
    case 'context-edit':
      // A button in a card's title row (Show again, Compare): its action, not the card opening.
      event.preventDefault();
      return post({ type: 'contextEdit', entryId: data['id']!, action: data['edit'] as ChatContextEditAction });
    case 'copy-code':
      return void navigator.clipboard.writeText(codeOf(button)).then(() => flash(button, 'Copied'));
    case 'insert-code':
      return post({ type: 'insertCode', code: codeOf(button) });
    case 'approve':
      if (!approvalCards.answers(button, event)) return;
      approvalCards.remove(data['request']!);
      return post({ type: 'approvalResponse', requestId: data['request']!, decision: data['decision'] as ApprovalDecision });
    case 'edit-review': {
      if (!approvalCards.answers(button, event)) return;
      const action = data['review'] as EditReviewAction;
      // Open diff and Reject (which asks for a reason first) leave the card until the host answers.
      if (action === 'accept-all' || action === 'reject-all') approvalCards.remove(data['request']!);
      return post({ type: 'editReview', requestId: data['request']!, action });
    }
    case 'open-written-diff':
      // The button sits in the card's title row: open the diff, not the card.
      event.preventDefault();
      return post({ type: 'openWrittenDiff', toolCallId: data['call']! });
    case 'command':
      return post({ type: 'command', command: data['command'] as ChatCommandId });
    case 'retry':
      button.closest('.notice')?.remove();
      composer.focus();
      return post({ type: 'retry' });
    case 'dismiss':
      button.closest('.notice')?.remove();
      return composer.focus();
    case 'restore-draft':
      if (draftGeneration !== undefined) post({ type: 'restoreDraft', generation: draftGeneration });
      return;
    case 'unqueue':
      return post({ type: 'unqueue', index: Number(data['index']), text: data['text'] ?? '' });
    case 'drop-stash':
      if (draftGeneration !== undefined) post({ type: 'dropStash', generation: draftGeneration });
      return;
    case 'move-back':
      moveNote.hide();
      return post({ type: 'moveBack' });
    case 'move-undo-restore':
      return post({ type: 'undoRestore' });
    case 'move-dismiss':
      moveNote.hide();
      composer.focus();
      return post({ type: 'dismissMoveNote' });
    case 'open-context-file':
      return post({ type: 'openContextFile', path: data['path']! });
    case 'open-mention':
      return post({ type: 'openMention', path: data['path']!, ...(data['first'] ? { range: { first: Number(data['first']), last: Number(data['last']) } } : {}) });
    case 'turn-file-diff':
      return post({ type: 'turnFileDiff', turnId: data['turn']!, path: data['path']! });
    case 'restore-before-turn':
      return post({ type: 'restoreBeforeTurn', turnId: data['turn']! });
    case 'fold':
      toggleFold(data['id']!);
      list.invalidate(data['id']!);
      return list.update();
  }
});

// Cards remember being opened (they are drawn again as the list scrolls); their height changes.
document.addEventListener(
  'toggle',
  (event) => {
    const details = event.target as HTMLDetailsElement;
    const key = details.dataset['card'];
    if (!key) return;
    if (details.open) openCards.add(key);
    else openCards.delete(key);
    list.schedule();
  },
  true,
);

function codeOf(button: Element): string {
  return button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
}

function flash(button: HTMLButtonElement, label: string): void {
  const before = button.title;
  button.title = label;
  button.setAttribute('aria-label', label);
  live.textContent = label;
  setTimeout(() => {
    button.title = before;
    button.setAttribute('aria-label', before);
  }, 1500);
}

refreshChrome();
post({ type: 'ready' });
