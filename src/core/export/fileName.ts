/** The file name an export is offered under: the session's title made safe for any file system. */
import { EXPORT_EXTENSIONS, type ExportFormat } from './index';

const MAX_STEM = 60;

/** `Fix the "parser" bug?` + md → `Fix the parser bug.md`; nothing usable left → `session.md`. */
export function exportFileName(title: string | undefined, format: ExportFormat): string {
  const stem = (title ?? '')
    .replace(/\s+/g, ' ')
    // Characters Windows, macOS or Linux refuse in names, and control characters.
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, MAX_STEM)
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${stem || 'session'}${EXPORT_EXTENSIONS[format]}`;
}
