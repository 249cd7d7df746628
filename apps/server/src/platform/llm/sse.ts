/**
 * Reading a server-sent-events body as it arrives: bytes may split anywhere (inside a
 * line, inside a UTF-8 character, between CR and LF), lines end in LF, CRLF or CR,
 * comment lines (`: ping`) keep the connection alive and carry nothing.
 */

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private data: string[] = [];

  /** Feeds bytes; returns the `data` of every event completed by them. */
  push(bytes: Uint8Array): string[] {
    this.buffer += this.decoder.decode(bytes, { stream: true });
    return this.drain(false);
  }

  /** End of body: completes a last event that had no blank line after it. */
  end(): string[] {
    this.buffer += this.decoder.decode();
    const events = this.drain(true);
    if (this.buffer) events.push(...this.line(this.buffer));
    this.buffer = '';
    if (this.data.length) events.push(this.data.join('\n'));
    this.data = [];
    return events;
  }

  private drain(isEnd: boolean): string[] {
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      // A CR at the very end may be the first half of CRLF: wait for the next bytes.
      if (ch === '\r' && i === this.buffer.length - 1 && !isEnd) break;
      events.push(...this.line(this.buffer.slice(start, i)));
      if (ch === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): string[] {
    if (line === '') {
      if (!this.data.length) return [];
      const event = this.data.join('\n');
      this.data = [];
      return [event];
    }
    if (line.startsWith(':')) return [];
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    return [];
  }
}
