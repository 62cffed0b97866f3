/** The text as the model sees it: no byte-order mark, LF line endings. (Not `util/plainText`, which makes text safe to show.) */
export function modelText(text: string): string {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.replace(/\r\n/g, '\n');
}
