// A sent mention's chip whose path is gone says so in a VS Code notification. The path is read
// back from a message's text, which a stranger's session file chooses: it must not become a link.
import { strict as assert } from 'node:assert';
import { buildItems, type ChatItem } from '../../../src/core/chat';
import { formatBlock, mentionGoneText } from '../../../src/core/mentions';
import { parseSessionText } from '../../../src/core/session';
import { assistant, chain, msg, sessionFileText, user } from '../../support/builders';

/**
 * A link as a VS Code notification draws one: `[label](target)` whose target is a web address, a
 * file or a command (a command link runs its command, with arguments, when clicked).
 */
const NOTIFICATION_LINK = /\[[^\]]+\]\((?:https?:\/\/|command:|file:)[^)\s]+\)/i;

const ZWSP = '\u200b';

describe('the notification for a mention whose path is gone', () => {
  it("names a session's mention path that holds a command link as text, with no link", () => {
    const hostile = 'notes/[x](command:workbench.action.quit).md';
    const message = `${formatBlock({ tag: 'file', name: hostile, body: 'what it said then' })}Look at this.`;
    const parsed = parseSessionText(sessionFileText(chain(msg('u1', null, user(message)), msg('a1', null, assistant('Seen.')))));
    const item = buildItems(parsed.entries).find((shown): shown is Extract<ChatItem, { kind: 'user' }> => shown.kind === 'user');
    const path = item?.mentions?.[0]?.path;
    assert.equal(path, hostile);
    assert.match(`${path} is no longer in the workspace.`, NOTIFICATION_LINK);

    const text = mentionGoneText(path!);
    assert.equal(text, `notes/[x]${ZWSP}(command:workbench.action.quit).md is no longer in the workspace.`);
    assert.doesNotMatch(text, NOTIFICATION_LINK);
  });

  it('names an ordinary path exactly as written', () => {
    assert.equal(mentionGoneText('src/old name.ts#L3-9'), 'src/old name.ts#L3-9 is no longer in the workspace.');
  });

  it('keeps a path from drawing an icon or breaking the line', () => {
    assert.equal(mentionGoneText('a/$(alert)\nb.md'), `a/$${ZWSP}(alert) b.md is no longer in the workspace.`);
  });
});
