// Script-injection payloads for the chat's security test. Each one, if it ever ran, would set the
// sentinel global `__arborPwned` and/or call `alert()`; a remote image would be fetched from
// example.invalid (the request is watched). Rendering them must do none of that.

export const SENTINEL = '__arborPwned';
export const REMOTE_HOST = 'example.invalid';

/** Raw HTML and markdown tricks, as a model might write them in a reply. */
export const MARKDOWN_PAYLOADS = [
  `<script>window.${SENTINEL} = 'script'; alert('script tag')</script>`,
  `<img src=x onerror="window.${SENTINEL}='img onerror'; alert('img')">`,
  `<svg onload="window.${SENTINEL}='svg onload'"><circle r="4"/></svg>`,
  `<svg><script>window.${SENTINEL}='svg script'</script></svg>`,
  `<details open ontoggle="window.${SENTINEL}='ontoggle'">details</details>`,
  `<a href="javascript:window.${SENTINEL}='html link'">an html javascript: link</a>`,
  `<a href="data:text/html,<script>alert(1)</script>">a data:text/html link</a>`,
  `[a markdown javascript: link](javascript:window.${SENTINEL}='md link')`,
  `[a spaced javascript: link]( javascript:alert('spaced') )`,
  `[an encoded javascript: link](jav&#x09;ascript:alert('encoded'))`,
  `[a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![an image with a javascript: source](javascript:alert('md image'))`,
  `![leak](https://${REMOTE_HOST}/leak.png)`,
  `<img src="https://${REMOTE_HOST}/leak-html.png" alt="remote html image">`,
  `<iframe src="javascript:alert('iframe')"></iframe>`,
  `<object data="javascript:alert('object')"></object><embed src="javascript:alert('embed')">`,
  `<base href="https://${REMOTE_HOST}/"><meta http-equiv="refresh" content="0; url=javascript:alert('meta')">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.${SENTINEL}='mxss'"></style></mglyph></table></mtext></math>`,
  `<form action="javascript:alert('form')"><button>submit</button></form>`,
  `<div style="background:url(https://${REMOTE_HOST}/css.png)">styled</div>`,
  'Inline code: `<img src=x onerror=alert(1)>`',
];

/** The whole reply: every payload on its own paragraph, then HTML inside a code fence. */
export const MARKDOWN_REPLY = [
  'XSS corpus reply begins.',
  ...MARKDOWN_PAYLOADS,
  '```html',
  `<script>window.${SENTINEL}='fenced'</script><img src=x onerror="alert('fenced')">`,
  '```',
  'XSS corpus reply ends.',
].join('\n\n');

/** A workspace file whose content is HTML, read by the `read` tool. */
export const HTML_FILE_CONTENT = `<!DOCTYPE html><html><body>
<script>window.${SENTINEL}='tool output'; alert('tool output')</script>
<img src=x onerror="window.${SENTINEL}='tool img'">
<a href="javascript:alert('tool link')">tool link</a>
<img src="https://${REMOTE_HOST}/tool-leak.png">
HTML file ends here.
</body></html>
`;

/** A workspace file name that is itself HTML, listed by the `ls` tool. */
export const HTML_FILE_NAME = `<img src=x onerror=alert(1)>.txt`;

/** A session name (session_info entry) that is HTML. */
export const SESSION_NAME = `<img src=x onerror="window.${SENTINEL}='session name'">Pwned session`;

/** A prompt the user types that is HTML. */
export const USER_PROMPT = `<script>window.${SENTINEL}='user prompt'</script><img src=x onerror="alert('user')"> please list files`;
