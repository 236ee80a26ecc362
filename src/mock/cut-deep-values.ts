// Deeper JSON than MAX_FORWARDED_DEPTH is cut before Prism sees it: Prism's validator and logger walk the body
// recursively and overflow the stack on deep input. The request schema is a few levels deep and closed, so a
// violation in a deep value is found at a shallow level, and cutting leaves Prism's findings the same.
export const MAX_FORWARDED_DEPTH = 64;

/**
 * `value` itself when it nests at most `maxDepth` arrays and objects deep, else a copy in which every array or
 * object deeper than that is empty. Iterative, so that no depth of input can overflow the stack.
 */
export function cutDeeperThan<T>(value: T, maxDepth: number): T {
  if (!isDeeperThan(value, maxDepth)) return value;
  const root = emptyLike(value);
  const pending: Array<[object, object, number]> = [[value as object, root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, target, depth] = next;
    for (const key of Object.keys(source)) {
      const child: unknown = (source as Record<string, unknown>)[key];
      const copy = isContainer(child) ? emptyLike(child) : child;
      // defineProperty, because assigning a key named "__proto__" would set the prototype instead.
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
      if (isContainer(child) && depth < maxDepth) pending.push([child, copy as object, depth + 1]);
    }
  }
  return root as T;
}

function isDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<[object, number]> = isContainer(value) ? [[value, 1]] : [];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > maxDepth) return true;
    for (const child of Object.values(node)) if (isContainer(child)) pending.push([child, depth + 1]);
  }
  return false;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function emptyLike(value: unknown): object {
  return Array.isArray(value) ? [] : {};
}
