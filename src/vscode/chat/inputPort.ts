// What the commands and the moves may do to the chat's input, and nothing else: the port they are
// given instead of events on the agent's host. The chat implements it; the composition root adds
// the Session Tree's part of a move's report.
import type { MoveEvent } from '../../core/agent';

export interface ChatInputPort {
  /**
   * Reveals the chat and puts `text` into its input (a draft there is put aside: "Restore draft"
   * brings it back); the input takes the focus.
   */
  setInput(text: string): Promise<void>;
  /** Reveals the chat and focuses its input. */
  focus(): Promise<void>;
  /**
   * A move was made: the note above the input says where the position is now; a move made in the
   * Session Tree also has the tree's focus follow the ● there.
   */
  tellMove(move: MoveEvent): void;
}
