// freezeValue: makes any value immutable, recursively (Bazel freezes a module's values after it executes).

import type { Value } from './value.ts';

export function freezeValue(v: Value): void {
  if (typeof v === 'object') v.freeze();
}
