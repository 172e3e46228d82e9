// The genrule explanations the engine puts in CommandResult.explanations.genrules, read defensively.

import type { GenruleExplanation } from '../../../worker/protocol.ts';

export type { GenruleExplanation };

export function genrulesOf(x: unknown): [string, GenruleExplanation][] {
  if (!x || typeof x !== 'object') return [];
  return Object.entries(x as Record<string, unknown>)
    .filter(([, v]) => !!v && typeof (v as GenruleExplanation).template === 'string')
    .map(([k, v]) => [k, v as GenruleExplanation] as [string, GenruleExplanation])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export type ActionStatus = 'failed' | 'ran' | 'cached' | 'not run';

export function actionStatus(e: GenruleExplanation): ActionStatus {
  if (e.error || (e.exitCode !== undefined && e.exitCode !== 0) || (e.missing?.length ?? 0) > 0) return 'failed';
  if (e.cached) return 'cached';
  if (e.ran) return 'ran';
  return 'not run';
}
