// Arbor's activity-bar icon: its own drawing (a tree), in the one colour the workbench gives it.
// VS Code draws a container's icon as a mask, so only its shape counts: an icon with colours of its
// own, images or scripts would be drawn wrong or not at all.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { viewsContainers: { activitybar: { id: string; icon: string }[] } } };

describe("Arbor's activity-bar icon", () => {
  const container = manifest.contributes.viewsContainers.activitybar.find((entry) => entry.id === 'arbor')!;
  const svg = readFileSync(path.join(ROOT, container.icon), 'utf8');

  it('is an SVG of its own in media/, 24 by 24 as the activity bar draws it', () => {
    assert.equal(container.icon, 'media/arbor.svg');
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24"/);
  });

  it('is drawn in currentColor only, with no image, script, style or link', () => {
    const colours = [...svg.matchAll(/(?:fill|stroke)="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual([...new Set(colours)].sort(), ['currentColor', 'none']);
    assert.doesNotMatch(svg, /<(?:image|script|style|use|a|foreignObject)\b|href=|url\(/);
  });
});
