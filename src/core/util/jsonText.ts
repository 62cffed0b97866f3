/**
 * JSON values read from a session file, written back out as text. `JSON.parse` reads any depth
 * (it does not recurse), but `JSON.stringify` recurses and throws a RangeError near 5 000 levels,
 * and a file (or a model's reply) may nest a tool call's arguments 100 000 deep. Nothing here
 * recurses on the value's depth:
 *
 * - `stringifyJson` is `JSON.stringify` for any depth: the same text, for files and searches;
 * - `previewJson` is a bounded picture for people: indented like `JSON.stringify(v, null, 2)`,
 *   containers past a depth shown as `[nested too deep]`, the text cut at a length;
 * - `limitJsonDepth` is a copy whose deep parts are replaced by that marker, for a request that a
 *   library will stringify itself.
 */

/** What stands in for a container nested deeper than shown. */
export const NESTED_TOO_DEEP = '[nested too deep]';

/** `JSON.stringify(value)` for values of any depth (plain data: objects, arrays, primitives). */
export function stringifyJson(value: unknown, mapString?: (text: string) => string): string {
  try {
    const text = mapString ? JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'string' ? mapString(inner) : inner)) : JSON.stringify(value);
    return text ?? 'null';
  } catch (error) {
    // Too deep for the native writer's stack: write it with an explicit one.
    if (!(error instanceof RangeError)) throw error;
    return writeJson(value, { indent: '', maxDepth: Infinity, maxChars: Infinity, mapString });
  }
}

export interface PreviewOptions {
  /** Spaces per level; 0 writes compact JSON (default 2). */
  indent?: number;
  /** Containers deeper than this show as `[nested too deep]` (default 32). */
  maxDepth?: number;
  /** The text stops after about this many characters, ending in `…` (default: no limit). */
  maxChars?: number;
  mapString?: (text: string) => string;
}

export const PREVIEW_MAX_DEPTH = 32;

/** A picture of a JSON value for people; identical to `JSON.stringify(value, null, indent)` when within the limits. */
export function previewJson(value: unknown, options: PreviewOptions = {}): string {
  const { indent = 2, maxDepth = PREVIEW_MAX_DEPTH, maxChars = Infinity, mapString } = options;
  return writeJson(value, { indent: ' '.repeat(indent), maxDepth, maxChars, mapString });
}

/** `value` itself when no container in it is deeper than `maxDepth`, else a copy with the deeper ones replaced by `[nested too deep]`. */
export function limitJsonDepth<T>(value: T, maxDepth: number): T {
  if (!deeperThan(value, maxDepth)) return value;
  return JSON.parse(writeJson(value, { indent: '', maxDepth, maxChars: Infinity, quoteMarker: true })) as T;
}

/** Whether a container sits deeper than `maxDepth` (the value itself is depth 0). */
function deeperThan(value: unknown, maxDepth: number): boolean {
  const work: [unknown, number][] = [[value, 0]];
  for (let item = work.pop(); item; item = work.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') work.push([child, depth + 1]);
  }
  return false;
}

interface WriteOptions {
  indent: string;
  maxDepth: number;
  maxChars: number;
  mapString?: ((text: string) => string) | undefined;
  /** Write the marker as a JSON string (so the text parses back). */
  quoteMarker?: boolean;
}

/** An open container: its entries and how far it has been written. */
interface Frame {
  close: string;
  entries: [string | undefined, unknown][];
  next: number;
}

/** The JSON text of `value`, written with an explicit stack. */
function writeJson(value: unknown, options: WriteOptions): string {
  const out: string[] = [];
  let length = 0;
  const emit = (piece: string): void => {
    out.push(piece);
    length += piece.length;
  };
  const stack: Frame[] = [];
  const newline = (depth: number): string => (options.indent === '' ? '' : `\n${options.indent.repeat(depth)}`);
  const separator = options.indent === '' ? ':' : ': ';
  // Writes one value: a primitive at once, a container by opening a frame.
  const write = (node: unknown): void => {
    const json = toJsonValue(node);
    // A string longer than the room left is cut first: the text stops right after it anyway.
    if (typeof json === 'string' && json.length > options.maxChars - length) return emit(primitive(json.slice(0, Math.max(0, options.maxChars - length) + 1), options.mapString));
    if (json === null || typeof json !== 'object') return emit(primitive(json, options.mapString));
    const entries: [string | undefined, unknown][] = Array.isArray(json) ? json.map((item) => [undefined, item]) : objectEntries(json);
    const [open, close] = Array.isArray(json) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) return emit(open + close);
    if (stack.length >= options.maxDepth) return emit(options.quoteMarker ? JSON.stringify(NESTED_TOO_DEEP) : NESTED_TOO_DEEP);
    emit(open);
    stack.push({ close, entries, next: 0 });
  };
  write(value);
  while (stack.length > 0) {
    if (length > options.maxChars) {
      emit('…');
      break;
    }
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.entries.length) {
      stack.pop();
      emit(newline(stack.length) + frame.close);
      continue;
    }
    const [key, item] = frame.entries[frame.next++]!;
    emit((frame.next > 1 ? ',' : '') + newline(stack.length));
    if (key !== undefined) emit(JSON.stringify(key) + separator);
    write(item);
  }
  return out.join('');
}

/** What JSON.stringify would write for an object's own keys, in order: skipped values are left out. */
function objectEntries(object: object): [string, unknown][] {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(object)) {
    const item = (object as Record<string, unknown>)[key];
    if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') entries.push([key, item]);
  }
  return entries;
}

/** A value after `toJSON` (Dates), as JSON.stringify sees it. */
function toJsonValue(node: unknown): unknown {
  const toJSON = node !== null && typeof node === 'object' ? (node as { toJSON?: unknown }).toJSON : undefined;
  return typeof toJSON === 'function' ? (toJSON as () => unknown).call(node) : node;
}

function primitive(node: unknown, mapString: ((text: string) => string) | undefined): string {
  if (typeof node === 'string') return JSON.stringify(mapString ? mapString(node) : node);
  // Left out of objects (see objectEntries); `null` in arrays, as JSON.stringify writes them.
  if (node === undefined || typeof node === 'function' || typeof node === 'symbol') return 'null';
  return JSON.stringify(node);
}
