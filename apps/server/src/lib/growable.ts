/** A typed array that grows as values are pushed, for columns whose length is not known up front. */
type Numbers = Int32Array | Float64Array | Float32Array | Uint8Array | Uint16Array | Int16Array;

export class Growable<T extends Numbers> {
  private data: T;
  length = 0;

  constructor(private readonly make: (n: number) => T) {
    this.data = make(1024);
  }

  push(value: number) {
    if (this.length === this.data.length) {
      const grown = this.make(this.data.length * 2);
      grown.set(this.data as never);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** The values pushed, in an array of their own length. */
  build(): T {
    return this.data.slice(0, this.length) as T;
  }
}
