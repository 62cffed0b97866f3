// Tiny DOM builders: elements with text set as text (never parsed as HTML).
import { visibleSegments } from '../../core/util/visibleText';

type Child = Node | string | undefined | false | null;

export interface Props {
  class?: string;
  text?: string;
  attrs?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

export function icon(name: string, extra = ''): HTMLSpanElement {
  return h('span', { class: `codicon codicon-${name}${extra ? ` ${extra}` : ''}`, attrs: { 'aria-hidden': 'true' } });
}

/** A real button whose click the conversation handles by its `data-action` (one listener for all). */
export function actionButton(action: string, label: string, iconName: string, data: Record<string, string> = {}, showLabel = true): HTMLButtonElement {
  const attrs: Record<string, string> = { type: 'button', 'data-action': action, title: label, 'aria-label': label };
  for (const [key, value] of Object.entries(data)) attrs[`data-${key}`] = value;
  return h('button', { class: showLabel ? 'action' : 'action icon-only', attrs }, [icon(iconName), showLabel ? h('span', { text: label }) : undefined]);
}

/** Token counts as the meter writes them: 840, 84.2k, 1.2M. */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(Math.round(tokens));
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(tokens < 100_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(tokens / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/**
 * Text whose hidden characters (bidi controls, zero-width and control characters, …) are drawn as
 * highlighted tokens: text nodes and spans with text, never markup.
 */
export function revealed(text: string): Node[] {
  return visibleSegments(text).map((segment) =>
    segment.kind === 'text' ? document.createTextNode(segment.text) : h('span', { class: 'hidden-char', text: segment.text, attrs: { title: segment.description } }),
  );
}
