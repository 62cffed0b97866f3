// What goes with the next message besides its text: images pasted or dropped into the input (a
// thumbnail chip each, removable) and the active editor's file (one chip, on by default; its ×
// leaves it out of this message only: it comes back for the next one, or with another editor).
// Files dragged from the Explorer become mentions: the host turns their URIs into paths. Which
// images are taken, and why others are not, is core's (core/chat/attachments.ts); the host checks
// again what is sent.
import { checkImageFile, imageLabel, roomForImage, type PromptImage } from '../core/chat/attachments';
import { IMAGE_HEAD_BYTES } from '../core/util/imageType';
import { h, icon } from './render/dom';

export interface AttachmentHooks {
  /** An image was refused: the message says why. */
  refuse(message: string): void;
  /** Files from the Explorer (their URIs) were dropped on the input. */
  dropUris(uris: string[]): void;
}

/** What the prompt intent carries besides its text. */
export interface Attached {
  images?: PromptImage[];
  activeEditor?: string;
}

/** The data transfer types VS Code and browsers give for dragged files and resources. */
const URI_LIST_TYPES = ['application/vnd.code.uri-list', 'text/uri-list'];

export class Attachments {
  private images: PromptImage[] = [];
  private editorPath: string | undefined;
  /** The user took the active editor's chip off this message. */
  private editorDismissed = false;
  private readonly chips = h('div', { class: 'attachments', attrs: { 'aria-label': 'Attached to the next message' } });

  constructor(
    private readonly input: HTMLTextAreaElement,
    dropTarget: HTMLElement,
    private readonly hooks: AttachmentHooks,
  ) {
    input.before(this.chips);
    input.addEventListener('paste', (event) => this.pasted(event));
    dropTarget.addEventListener('dragover', (event) => {
      if (!event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    dropTarget.addEventListener('drop', (event) => this.dropped(event));
    this.chips.addEventListener('click', (event) => this.clicked(event));
    this.draw();
  }

  /** The active editor's file changed (undefined: none): its chip comes back even if removed for the old one. */
  setActiveEditor(path: string | undefined): void {
    if (path === this.editorPath) return;
    this.editorPath = path;
    this.editorDismissed = false;
    this.draw();
  }

  /** What goes with the message being sent; the images leave the input and the editor's chip comes back. */
  take(): Attached {
    const attached: Attached = {
      ...(this.images.length > 0 ? { images: this.images } : {}),
      ...(this.editorPath !== undefined && !this.editorDismissed ? { activeEditor: this.editorPath } : {}),
    };
    this.images = [];
    this.editorDismissed = false;
    this.draw();
    return attached;
  }

  private pasted(event: ClipboardEvent): void {
    const files = [...(event.clipboardData?.files ?? [])];
    if (files.length === 0) return;
    // Pasted files are attached, never pasted as their names.
    event.preventDefault();
    void this.addFiles(files);
  }

  private dropped(event: DragEvent): void {
    const transfer = event.dataTransfer;
    if (!transfer) return;
    event.preventDefault();
    const files = [...transfer.files];
    if (files.length > 0) return void this.addFiles(files);
    const uris = URI_LIST_TYPES.map((type) => transfer.getData(type)).find((list) => list.trim() !== '');
    if (uris) this.hooks.dropUris(uriList(uris));
  }

  private async addFiles(files: File[]): Promise<void> {
    for (const file of files) {
      const full = roomForImage(this.images.length);
      if (full && !full.ok) return this.hooks.refuse(full.message);
      const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
      const check = checkImageFile(file.name, file.size, head);
      if (!check.ok) {
        this.hooks.refuse(check.message);
        continue;
      }
      this.images.push({ mimeType: check.mimeType, data: await base64Of(file), ...(file.name ? { name: file.name } : {}) });
      this.draw();
    }
  }

  private clicked(event: Event): void {
    const button = (event.target as Element).closest('button[data-remove]') as HTMLButtonElement | null;
    if (!button) return;
    const which = button.dataset['remove']!;
    if (which === 'editor') this.editorDismissed = true;
    else this.images.splice(Number(which), 1);
    this.draw();
    this.input.focus();
  }

  private draw(): void {
    const chips: HTMLElement[] = [];
    if (this.editorPath !== undefined && !this.editorDismissed) {
      const name = this.editorPath.slice(this.editorPath.lastIndexOf('/') + 1);
      // Says plainly that the whole file goes with the message, not only that it is open.
      const words = [icon('file'), h('span', { class: 'chip-note', text: 'sends' }), h('span', { class: 'chip-label', text: name }), h('span', { class: 'chip-note', text: 'with your message' })];
      chips.push(chip('chip-editor', words, `${this.editorPath}: its whole text goes with your message`, 'editor', `Leave ${name} out of this message`));
    }
    this.images.forEach((image, index) => {
      const label = `${image.name ? `${image.name}: ` : ''}${imageLabel(image.mimeType, image.data.length)}`;
      const thumbnail = h('img', { class: 'chip-thumbnail', attrs: { src: `data:${image.mimeType};base64,${image.data}`, alt: label } });
      chips.push(chip('chip-image', [thumbnail], label, String(index), 'Remove the image'));
    });
    this.chips.replaceChildren(...chips);
    this.chips.hidden = chips.length === 0;
  }
}

function chip(kind: string, content: HTMLElement[], title: string, remove: string, removeLabel: string): HTMLElement {
  const button = h('button', { class: 'chip-remove', attrs: { type: 'button', 'data-remove': remove, title: removeLabel, 'aria-label': removeLabel } }, [icon('close')]);
  return h('span', { class: `chip ${kind}`, attrs: { title } }, [...content, button]);
}

/** The URIs of a `text/uri-list` (one a line; `#` lines are comments). */
function uriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}
