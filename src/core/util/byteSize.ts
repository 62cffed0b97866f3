/** Sizes as Arbor writes them to the model and the user: 512B, 34.0KB, 3.8MB. No imports: the chat's script uses it too. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}
