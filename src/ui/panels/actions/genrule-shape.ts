// The genrule explanations the engine puts in CommandResult.explanations.genrules (its own GenruleExplanation),
// sorted by label, and an action's status.

import type { Explanations, GenruleExplanation } from '../../../worker/protocol.ts';

export type { GenruleExplanation };

export function genrulesOf(genrules: Explanations['genrules']): [string, GenruleExplanation][] {
  return Object.entries(genrules ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export type ActionStatus = 'failed' | 'ran' | 'cached' | 'not run';

export function actionStatus(e: GenruleExplanation): ActionStatus {
  if (e.error || (e.exitCode !== undefined && e.exitCode !== 0) || (e.missing?.length ?? 0) > 0) return 'failed';
  if (e.cached) return 'cached';
  if (e.ran) return 'ran';
  return 'not run';
}
