// A virtualized list: only the items on screen (plus a margin) are in the DOM, between two spacers
// whose heights stand for the rest. Heights are measured after render; unmeasured items count with
// an estimate. The list sticks to the bottom (a streaming reply stays in view) until the user
// scrolls up, and when scrolled to the end the last items are always rendered. A place it was
// told to keep (an item and an offset in it) stays at the view's top while the heights around it
// are measured, until the user scrolls.
import { placeAt, scrollTopFor, type Place } from './place';

const MARGIN_PX = 800;
const ESTIMATE_PX = 120;
const STICK_SLACK_PX = 40;

export interface VirtualSource {
  count(): number;
  key(index: number): string;
  render(index: number): HTMLElement;
}

export class VirtualList {
  private heights = new Map<string, number>();
  private rendered = new Map<string, HTMLElement>();
  /** Rendered items whose content changed: drawn again on the next update. */
  private readonly stale = new Set<string>();
  private readonly top = document.createElement('div');
  private readonly bottom = document.createElement('div');
  private stick = true;
  /** The place kept at the view's top (restored, or an item revealed) until the user scrolls. */
  private hold: Place | undefined;
  private frame = 0;
  /** The scroll position and content height when last seen (by a scroll event or our own scrolling). */
  private seen = { top: 0, height: 0 };
  /** Where our last programmatic scroll put the view (its scroll event is not the user's). */
  private ownScrollTop: number | undefined;
  /** The focus was in an element the list took out: its item and the action of the button that had it. */
  private lostFocus: { key: string; action: string | undefined } | undefined;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly source: VirtualSource,
    private readonly onScrolled: () => void = () => undefined,
  ) {
    this.top.className = 'spacer';
    this.bottom.className = 'spacer';
    scroller.append(this.top, this.bottom);
    scroller.addEventListener('scroll', () => {
      // Our own scrolling lands where we put it; any other position is the user's (or a test's) doing.
      if (this.ownScrollTop !== undefined && Math.abs(scroller.scrollTop - this.ownScrollTop) <= 1) return;
      this.ownScrollTop = undefined;
      this.hold = undefined;
      // Up by any amount over content that did not change is the user leaving the end (a pointer
      // bringing a button near the end into view included): within the slack it would snap back.
      const up = scroller.scrollTop < this.seen.top && scroller.scrollHeight === this.seen.height;
      this.stick = !up && this.distanceFromBottom() <= STICK_SLACK_PX;
      this.noteSeen();
      this.schedule();
      this.onScrolled();
    });
    new ResizeObserver(() => this.schedule()).observe(scroller);
  }

  get stuckToBottom(): boolean {
    return this.stick;
  }

  /** Drops every rendered element (a reset). Heights are kept by key: the same items measure the same. */
  clear(): void {
    for (const [key, element] of this.rendered) {
      this.noteFocus(key, element);
      element.remove();
    }
    this.rendered.clear();
    this.stale.clear();
  }

  /**
   * The item's content changed: it is rendered again on the next update. The old element stays in
   * the DOM until then and is swapped in one step, so nothing ever sees the item missing.
   */
  invalidate(key: string): void {
    if (this.rendered.has(key)) this.stale.add(key);
  }

  scrollToBottom(): void {
    this.stick = true;
    this.hold = undefined;
    this.schedule();
  }

  /** Scrolls so that the item at `index` is at the top. */
  scrollToIndex(index: number): void {
    this.keepPlace({ key: this.source.key(index), offset: 0 });
  }

  /**
   * Puts `place` at the view's top and keeps it there while the items around it are measured (their
   * heights were estimates), until the user scrolls. False, and nothing moves, when its item is not held.
   */
  keepPlace(place: Place): boolean {
    const count = this.source.count();
    if (!Array.from({ length: count }, (_, index) => this.source.key(index)).includes(place.key)) return false;
    this.stick = false;
    this.hold = place;
    this.update();
    return true;
  }

  /** The item at the view's top and the offset in it; undefined when the list follows its end. */
  place(): Place | undefined {
    if (this.stick) return undefined;
    const { keys, offsets } = this.layout();
    return placeAt(keys, offsets, this.scroller.scrollTop);
  }

  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.update();
    });
  }

  /** Index of the first item rendered (0: the top of what is held is in the DOM). */
  firstRendered = 0;

  /** Items were added before the first: keep what is on screen where it is. */
  prepended(keys: string[]): void {
    if (this.stick) return this.schedule();
    if (this.hold) return this.update();
    const added = keys.reduce((sum, key) => sum + (this.heights.get(key) ?? ESTIMATE_PX), 0);
    this.update();
    this.setScrollTop(this.scroller.scrollTop + added);
    this.update();
  }

  /** Renders the visible range and measures it; runs again while measuring moved things. */
  update(): void {
    for (let pass = 0; pass < 3; pass++) if (!this.renderPass()) break;
    if (this.stick) this.setScrollTop(this.scroller.scrollHeight);
    else this.noteSeen();
  }

  /** The items' keys and top offsets (known heights, else the estimate). */
  private layout(): { keys: string[]; offsets: number[] } {
    const count = this.source.count();
    const keys = Array.from({ length: count }, (_, index) => this.source.key(index));
    const offsets = new Array<number>(count + 1);
    offsets[0] = 0;
    for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + (this.heights.get(keys[i]!) ?? ESTIMATE_PX);
    return { keys, offsets };
  }

  /** Where the held place puts the view's top with the heights known now; a place whose item left lets go (the end is followed). */
  private heldScrollTop(keys: string[], offsets: number[], view: number): number | undefined {
    if (!this.hold) return undefined;
    const top = scrollTopFor(this.hold, keys, offsets, view);
    if (top === undefined) {
      this.hold = undefined;
      this.stick = true;
    }
    return top;
  }

  private renderPass(): boolean {
    const { keys, offsets } = this.layout();
    const count = keys.length;
    const total = offsets[count]!;
    const view = this.scroller.clientHeight || 600;
    const held = this.heldScrollTop(keys, offsets, view);
    const scrollTop = this.stick ? Math.max(0, total - view) : (held ?? this.scroller.scrollTop);
    let first = 0;
    while (first < count && offsets[first + 1]! < scrollTop - MARGIN_PX) first++;
    let last = first;
    while (last < count && offsets[last]! < scrollTop + view + MARGIN_PX) last++;
    // Always keep the end rendered when near it, so the last reply is in the DOM.
    if (this.stick) last = count;

    this.firstRendered = first;
    const wanted = new Set(keys.slice(first, last));
    for (const [key, element] of this.rendered) {
      if (!wanted.has(key)) {
        this.noteFocus(key, element);
        element.remove();
        this.rendered.delete(key);
      }
    }
    let previous: Element = this.top;
    for (let i = first; i < last; i++) {
      const key = keys[i]!;
      let element = this.rendered.get(key);
      if (!element || this.stale.has(key)) {
        const fresh = this.source.render(i);
        if (element) this.noteFocus(key, element);
        element?.replaceWith(fresh);
        element = fresh;
        this.rendered.set(key, element);
      }
      if (previous.nextSibling !== element) previous.after(element);
      previous = element;
    }
    this.stale.clear();
    this.restoreFocus();
    this.top.style.height = `${offsets[first]}px`;
    this.bottom.style.height = `${total - offsets[last]!}px`;

    // Measure; keep the first visible item where it was if something above it changed height.
    let changed = false;
    let shiftAbove = 0;
    for (let i = first; i < last; i++) {
      const key = keys[i]!;
      const measured = this.rendered.get(key)!.offsetHeight;
      const known = this.heights.get(key) ?? ESTIMATE_PX;
      if (measured !== known) {
        if (offsets[i + 1]! <= scrollTop) shiftAbove += measured - known;
        this.heights.set(key, measured);
        changed = true;
      }
    }
    if (this.hold) {
      // The spacers stand for the items not drawn, the drawn ones are measured: the place's pixel now.
      const after = this.layout();
      const top = this.heldScrollTop(after.keys, after.offsets, view);
      if (top !== undefined) this.setScrollTop(top);
    } else if (shiftAbove !== 0 && !this.stick) this.setScrollTop(this.scroller.scrollTop + shiftAbove);
    return changed;
  }

  private noteFocus(key: string, element: HTMLElement): void {
    const active = document.activeElement as HTMLElement | null;
    if (active && element.contains(active)) this.lostFocus = { key, action: active.dataset?.['action'] };
  }

  /**
   * Puts the focus back where it was when the element holding it was drawn again (the same
   * button of the new element), else on the list: a keyboard user stays in the conversation
   * instead of being sent to the top of the page.
   */
  private restoreFocus(): void {
    const lost = this.lostFocus;
    this.lostFocus = undefined;
    const active = document.activeElement;
    if (!lost || (active !== null && active !== document.body)) return;
    const element = this.rendered.get(lost.key);
    const button = element ? Array.from(element.querySelectorAll<HTMLElement>('[data-action]')).find((candidate) => candidate.dataset['action'] === lost.action) : undefined;
    (button ?? this.scroller).focus({ preventScroll: true });
  }

  private distanceFromBottom(): number {
    return this.scroller.scrollHeight - this.scroller.scrollTop - this.scroller.clientHeight;
  }

  private setScrollTop(top: number): void {
    this.scroller.scrollTop = top;
    this.ownScrollTop = this.scroller.scrollTop;
    this.noteSeen();
  }

  /** The position and height a later scroll is compared with (to tell a move up from content that changed). */
  private noteSeen(): void {
    this.seen = { top: this.scroller.scrollTop, height: this.scroller.scrollHeight };
  }
}
