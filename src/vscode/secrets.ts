// The Anthropic API key: in VS Code's SecretStorage (the OS keychain), else ANTHROPIC_API_KEY of
// the extension host's environment. Never in settings, logs or session files.
import * as vscode from 'vscode';
import { CachedRead } from '../core/util/cachedRead';

const SECRET_KEY = 'arbor.anthropicApiKey';

export type KeySource = 'secret-storage' | 'environment';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after the stored key was set or cleared (here or in another window). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** Whether a key is available, known once `get()` or `refresh()` ran. */
  private known: boolean;
  /** The stored key as last read: read again only when SecretStorage says it changed (here or in another window). */
  private readonly stored: CachedRead<string | undefined>;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.known = this.envKey() !== undefined;
    this.stored = new CachedRead(async () => (await secrets.get(SECRET_KEY))?.trim() || undefined);
    this.subscription = secrets.onDidChange((event) => {
      if (event.key !== SECRET_KEY) return;
      this.stored.changed();
      void this.refresh();
    });
  }

  /** Last known answer to "is there a key?" (synchronous, for the chat's state). */
  get hasKey(): boolean {
    return this.known;
  }

  async get(): Promise<{ key: string; source: KeySource } | undefined> {
    const stored = await this.stored.get();
    const found = stored ? { key: stored, source: 'secret-storage' as const } : this.fromEnv();
    // The first read after activation may change the answer the chat was given: tell it.
    if (this.known !== (found !== undefined)) {
      this.known = found !== undefined;
      this.changed.fire();
    }
    return found;
  }

  async refresh(): Promise<boolean> {
    return (await this.get()) !== undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, key.trim());
    this.stored.changed();
    this.known = true;
    this.changed.fire();
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
    this.stored.changed();
    this.known = this.envKey() !== undefined;
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private fromEnv(): { key: string; source: KeySource } | undefined {
    const key = this.envKey();
    return key ? { key, source: 'environment' } : undefined;
  }

  private envKey(): string | undefined {
    return this.env.ANTHROPIC_API_KEY?.trim() || undefined;
  }
}
