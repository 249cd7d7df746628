/**
 * Drops `[n]` markers that name no source from streamed text. A `[` may arrive in one piece
 * and its number in the next, so text from a `[` on is held back until the bracket closes or
 * clearly is not a citation (a character other than a digit, or more than four digits).
 */
export class CitationFilter {
  private held = '';

  constructor(private readonly valid: ReadonlySet<number>) {}

  /** The text that is safe to send now. */
  push(text: string): string {
    let out = '';
    for (const ch of text) {
      if (!this.held) {
        if (ch === '[') this.held = '[';
        else out += ch;
        continue;
      }
      if (ch === ']') {
        const body = this.held.slice(1);
        // A citation of nothing is dropped, with the space written just before it.
        if (/^\d{1,4}$/.test(body) && !this.valid.has(Number(body))) out = out.replace(/ $/, '');
        else out += `${this.held}]`;
        this.held = '';
      } else if (/\d/.test(ch) && this.held.length <= 4) {
        this.held += ch;
      } else {
        out += this.held;
        this.held = '';
        if (ch === '[') this.held = '[';
        else out += ch;
      }
    }
    return out;
  }

  /** Whatever is still held back at the end. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return rest;
  }
}
