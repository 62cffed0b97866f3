// Up and Down in the input walk through the session's earlier prompts, as a shell's history does:
// Up goes one older, Down one newer, and Down past the newest gives back what was being typed
// before the walk began (the draft is never lost to a recall). Plain logic, no DOM: the composer
// decides when a key means "history" (the caret on the first or last line).

export class PromptHistory {
  /** The prompts being walked (oldest first), taken when the walk starts. */
  private prompts: string[] = [];
  /** Index into `prompts` while walking; undefined: not walking (the input holds the draft). */
  private index: number | undefined;
  private typed = '';

  /** `prompts` gives the session's prompts, oldest first, whenever a walk starts. */
  constructor(private readonly source: () => readonly string[]) {}

  get walking(): boolean {
    return this.index !== undefined;
  }

  /** One prompt older, remembering `current` as the draft when the walk starts; undefined at the oldest (or with none). */
  older(current: string): string | undefined {
    if (this.index === undefined) {
      this.prompts = distinctInARow(this.source());
      if (this.prompts.length === 0) return undefined;
      this.typed = current;
      this.index = this.prompts.length;
    }
    if (this.index === 0) return undefined;
    this.index--;
    return this.prompts[this.index];
  }

  /** One prompt newer; past the newest, the draft (and the walk ends); undefined when not walking. */
  newer(): string | undefined {
    if (this.index === undefined) return undefined;
    this.index++;
    if (this.index < this.prompts.length) return this.prompts[this.index];
    this.index = undefined;
    return this.typed;
  }

  /** What was in the input when the walk started (what Down past the newest gives back). */
  get draft(): string {
    return this.typed;
  }

  /** The user typed or sent: the input is theirs again, the next Up starts from the newest. */
  stop(): void {
    this.index = undefined;
  }
}

/** The same prompt sent several times in a row is one step of the walk. */
function distinctInARow(prompts: readonly string[]): string[] {
  const kept: string[] = [];
  for (const prompt of prompts) if (prompt.trim() !== '' && prompt !== kept[kept.length - 1]) kept.push(prompt);
  return kept;
}
