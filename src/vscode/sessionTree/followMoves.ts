// A move made in the Session Tree: besides the chat's note, the tree's focus follows the ● to where
// the move put it, then goes where the move sent the user (the chat's input for Edit & branch).
import type { ChatInputPort } from '../chat/inputPort';
import type { SessionTreeView } from './view';

export function treeFollowsMoves(chat: ChatInputPort, tree: Pick<SessionTreeView, 'followMove'>): ChatInputPort {
  const port: ChatInputPort = {
    setInput: (text) => chat.setInput(text),
    focus: () => chat.focus(),
    tellMove: (move) => {
      chat.tellMove(move);
      if (move.fromTree) tree.followMove(move.fromTree.since, move.focusesInput ? () => void port.focus() : undefined);
    },
  };
  return port;
}
