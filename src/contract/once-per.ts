// One value made per object and kept as long as the object lives: the contract value per document, the kit's
// reading per contract value, the sandbox's front per sandbox. A WeakMap, so a dropped key drops its value.

/** `make`, called once for each key; later calls with the same key return the first result. */
export function oncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
