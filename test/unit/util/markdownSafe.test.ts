import { strict as assert } from 'node:assert';
import { escapeMarkdown, fencedCode, inertMarkdown, inlineCode } from '../../../src/core/util/markdownSafe';

describe('session text as inert Markdown (tooltips)', () => {
  it('reads images as their alt text and escapes reference images, so no remote image is ever fetched', () => {
    assert.equal(inertMarkdown('see ![chart](https://evil.example/p.png?q=secret) and ![ref][img]\n\n[img]: https://evil.example/x.png'), 'see chart and !\\[ref][img]\n\n[img]: https://evil.example/x.png');
  });

  it('keeps web and mail links, and reads every other link (command:, vscode:, file:, relative) as its text', () => {
    assert.equal(
      inertMarkdown('[a](https://a.example) [b](mailto:b@c.d) [c](command:workbench.action.terminal.new) [d](vscode://x/y) [e](file:///etc/passwd) [f](src/a.ts)'),
      '[a](https://a.example) [b](mailto:b@c.d) c d e f',
    );
    assert.equal(inertMarkdown('<command:x> <https://a.example>'), '\\<command:x\\> <https://a.example>');
    assert.equal(inertMarkdown('[run]: command:workbench.action.terminal.new\n[web]: https://a.example'), '\\[run]: command:workbench.action.terminal.new\n[web]: https://a.example');
  });

  it('leaves fenced blocks and code spans exactly as written', () => {
    const text = 'before ![x](y.png)\n````md\n![x](y.png)\n```\n[c](command:z)\n````\n`![x](y.png)` after [c](command:z)';
    assert.equal(inertMarkdown(text), 'before x\n````md\n![x](y.png)\n```\n[c](command:z)\n````\n`![x](y.png)` after c');
  });

  it('escapes text so that it shows as written, and fences code with a run longer than any inside', () => {
    assert.equal(escapeMarkdown('**a** [b](c) <d> & #e\nf'), '\\*\\*a\\*\\* \\[b\\]\\(c\\) \\<d\\> \\& \\#e  \nf');
    assert.equal(fencedCode('a ``` b'), '````\na ``` b\n````');
    assert.equal(inlineCode('src/a`b.ts'), '``src/a`b.ts``');
    assert.equal(inlineCode('`x'), '`` `x ``');
  });
});
