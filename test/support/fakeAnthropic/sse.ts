/**
 * Server-sent events exactly as the Anthropic API frames them: the event name on its own line, the
 * JSON payload (which repeats the name as `type`) on one `data:` line, then a blank line.
 */
import type { StreamEvent } from './wire';

export function encodeEvent(event: StreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
