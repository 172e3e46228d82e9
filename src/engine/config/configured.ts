// Configured targets as the layers above see them: a target in the configuration it is built in, and the edges
// to its prerequisites. The analysis phase (actions/analysis.ts) is the one producer of this graph; cquery
// (query/cquery-graph.ts and its outputs) reads it through the ConfiguredGraph view below, so that it sees
// exactly the targets, edges and resolved attributes that build, test and run use.

import type { PlainAttrValue, Target } from '../loading/index.ts';
import type { Configuration } from './configuration.ts';

export interface ConfiguredTarget {
  readonly target: Target;
  /** null for source files (cquery prints "(null)"). */
  readonly config: Configuration | null;
  /** `${label} (${config?.id ?? 'null'})`, unique. */
  readonly key: string;
}

export interface ConfiguredEdge {
  /**
   * The attribute; `$config_dependencies` for select() keys, `$target_platform` / `$exec_platform` for the
   * platforms a toolchain-resolving rule depends on, `$generating_rule` (generated file → its rule), implicit
   * attributes by their name (`$genrule_setup`, `$implicit_tests`).
   */
  readonly attr: string;
  readonly to: ConfiguredTarget;
  /** A tool dependency, in the exec (4.2.3: host) configuration. */
  readonly tool: boolean;
  /** An implicit dependency (not written in the BUILD file); `--noimplicit_deps` leaves it out. */
  readonly implicit: boolean;
}

/** The configured-target graph as cquery reads it. */
export interface ConfiguredGraph {
  /** Every configured target, in the order analysis reached them. */
  readonly targets: readonly ConfiguredTarget[];
  /** Direct prerequisites, in attribute order; aliases stay nodes (edge `actual`). */
  deps(ct: ConfiguredTarget): readonly ConfiguredEdge[];
  /** An attribute with its select()s resolved (undefined when resolving it failed, or for non-rules). */
  attribute(ct: ConfiguredTarget, attr: string): PlainAttrValue | undefined;
  /** The id of the top-level target configuration (what config(x, target) means; a transition makes others). */
  readonly topLevelConfigId?: string;
}
