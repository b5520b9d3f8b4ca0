/** A copy of `items` with the item at `index` moved one place up (-1) or down (+1); out of range leaves it as is. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const copy = [...items];
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return copy;
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}
