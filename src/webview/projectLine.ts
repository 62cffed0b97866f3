// The quiet line under the input: the project's instruction files the next request loads (each a
// button that asks the host to open it; a link shows where it leads, a file that was not read says
// so) and what the session spent so far (its tooltip splits it).
import type { ContextFilesMessage, TotalsMessage } from '../shared/protocol';
import { h, icon } from './render/dom';

const ROLE_TEXT: Record<ContextFilesMessage['files'][number]['role'], string> = {
  instructions: 'Project instructions',
  system: 'SYSTEM.md: replaces Arbor’s default prompt',
  append: 'APPEND_SYSTEM.md: appended to the prompt',
};

export class ProjectLine {
  private files: ContextFilesMessage = { type: 'contextFiles', files: [], hidden: true };
  private totals: TotalsMessage = { type: 'totals', details: [] };

  constructor(private readonly container: HTMLElement) {
    this.draw();
  }

  setFiles(message: ContextFilesMessage): void {
    this.files = message;
    this.draw();
  }

  setTotals(message: TotalsMessage): void {
    this.totals = message;
    this.draw();
  }

  private draw(): void {
    const parts: HTMLElement[] = [];
    if (!this.files.hidden) parts.push(this.filesPart());
    if (this.totals.line) parts.push(h('span', { class: 'project-totals', text: this.totals.line, attrs: { title: this.totals.details.join('\n'), tabindex: '0' } }));
    this.container.replaceChildren(...parts);
    this.container.hidden = parts.length === 0;
  }

  private filesPart(): HTMLElement {
    const { files } = this.files;
    if (files.length === 0) return h('span', { class: 'context-files muted', text: 'No project instructions' });
    return h('span', { class: 'context-files', attrs: { role: 'group', 'aria-label': 'Files loaded into the prompt' } }, [
      icon('book'),
      ...files.map((file) =>
        h('button', {
          class: file.skipped === undefined ? 'context-file' : 'context-file skipped',
          text: fileText(file),
          attrs: { type: 'button', 'data-action': 'open-context-file', 'data-path': file.path, title: fileTitle(file) },
        }),
      ),
    ]);
  }
}

type FileView = ContextFilesMessage['files'][number];

/** The name, where it really is when that differs (`CLAUDE.md → ~/notes/claude.md`), and "not read" for a skipped one. */
function fileText(file: FileView): string {
  const where = file.target === undefined ? file.label : `${file.label} → ${file.target}`;
  return file.skipped === undefined ? where : `${where} (not read)`;
}

function fileTitle(file: FileView): string {
  if (file.skipped !== undefined) return file.skipped;
  const where = file.target === undefined ? file.path : `${file.path}, a link to ${file.target}`;
  return `${ROLE_TEXT[file.role]}: ${where} (click to open)`;
}
