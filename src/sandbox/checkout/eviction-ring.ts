// The order in which entries were added, as a ring of fixed size: pushing the (capacity + 1)th entry hands back the
// oldest one to evict. A Map's own insertion order would serve, but finding its first live key after many deletions
// walks over every deleted slot, which made each insert into a full store cost microseconds.
export class EvictionRing<T> {
  readonly #keys: string[] = [];
  readonly #values: T[] = [];
  readonly #capacity: number;
  #next = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Record an entry; returns the entry it displaces (the oldest) once the ring is full. */
  push(key: string, value: T): { key: string; value: T } | undefined {
    const slot = this.#next;
    const displaced = slot < this.#keys.length ? { key: this.#keys[slot], value: this.#values[slot] } : undefined;
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#next = (slot + 1) % this.#capacity;
    return displaced;
  }
}
