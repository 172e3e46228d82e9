// The counts in the tabs of the result panels. Apart from the panels themselves, which load on first use: a tab's
// count shows before its panel was ever opened.

import { useLastCommand } from './command-result.ts';
import { genrulesOf } from './actions/genrule-shape.ts';
import { testSummaries } from './tests/tests-shape.ts';

/** Generated files: how many outputs the last command produced. */
export function useOutputCount(): number | null {
  const { result } = useLastCommand();
  const n = result ? Object.keys(result.outputs).length : 0;
  return n > 0 ? n : null;
}

/** Actions: how many genrules the last build ran. */
export function useActionCount(): number | null {
  const { result } = useLastCommand();
  const n = genrulesOf(result?.explanations?.genrules).length;
  return n > 0 ? n : null;
}

/** Tests: how many tests the last command ran. */
export function useTestCount(): number | null {
  const { result } = useLastCommand();
  if (!result) return null;
  const n = testSummaries(result.stdout, result.outputs).length;
  return n > 0 ? n : null;
}
