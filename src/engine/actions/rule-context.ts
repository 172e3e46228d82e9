// What a rule implementation sees of analysis (Bazel's RuleContext): its rule, its configuration, its
// attributes with select() resolved, its prerequisites already analysed and checked, and the few ways it can act —
// declare outputs, register actions, report errors, explain itself to the UI. One implementation per rule class
// lives in rules/, keyed by rule class in rules/index.ts.
//
// By the time `analyze` runs, analysis (analysis.ts) has done everything rule-independent, as Bazel's
// ConfiguredTargetFunction does before calling a rule: every select() of the rule resolved (its explanation
// kept), every label attribute's targets analysed in their configuration (tools in the exec/host one), every edge
// checked (the target exists, is visible, testonly is respected, a package_group is not used as a dependency).
// A rule whose prerequisites failed is never called.

import type { Profile } from '../base/index.ts';
import type { ConfigContext, Configuration, SettingMatch } from '../config/index.ts';
import type { GenqueryExplanation } from '../query/index.ts';
import type { Label, LocateRequest, Loader, PlainAttrValue, RuleTarget, SuiteExplanation } from '../loading/index.ts';
import type { Action, AnalyzedTarget, Artifact, Providers } from './artifacts.ts';
import type { GenruleExplanation } from './explanations.ts';

export interface RuleContext {
  readonly rule: RuleTarget;
  /** `//pkg:name`. */
  readonly label: string;
  /** `//pkg:name (<config id>)`: unique among configured targets, the key of its actions. */
  readonly key: string;
  readonly config: Configuration;
  /** The configuration of tool dependencies (exec; host under the 4.2.3 profile). */
  readonly toolConfig: Configuration;
  readonly profile: Profile;
  /** Absolute workspace path for messages that name files (genquery's locations). */
  readonly workspaceDir: string;
  /** The loaded packages and .bzl modules (read only): genquery's query and doc extraction run over them. */
  readonly loader: Loader;
  /** The loader of the rule's own repository (a built-in one's for Bazel's tools): its .bzl files define its class. */
  readonly ruleLoader: Loader;
  /** The command line and lookups the configuration layer reads (config_setting matching). */
  readonly configContext: ConfigContext;
  /**
   * The toolchain types the rule requested (as named), the toolchain_type each names, and the resolved toolchain
   * target (analysed), absent for an optional type nothing matched.
   */
  /** A DEBUG line (print() in an implementation), already located: `<file>:<line>:<column>: <message>`. */
  debug(text: string): void;
  toolchains(): readonly { readonly requested: Label; readonly type: Label; readonly target?: AnalyzedTarget }[];

  /** An attribute's value, select() resolved; the schema default when not set. */
  attr(name: string): PlainAttrValue;
  string(name: string): string;
  bool(name: string): boolean;
  strings(name: string): readonly string[];
  dict(name: string): readonly (readonly [string, string])[];
  /** The labels a label, label-list or output attribute holds. */
  labels(name: string): readonly Label[];
  /** The analysed targets of a label attribute, in the order written, each once. */
  prerequisites(name: string): readonly AnalyzedTarget[];

  /** An output file of this rule (under the configuration's bin directory), written by the action `actionKey`. */
  declareOutput(name: string, actionKey: string): Artifact;
  registerAction(action: Action): void;

  /** `in <rule class> rule <label>: <message>`, marked where `at` says (default: the rule call). */
  /** `printed`: what the console prints after the prefix instead of the message (an implementation's traceback). */
  ruleError(message: string, at?: LocateRequest, printed?: string): void;
  /** `in <attr> attribute of <rule class> rule <label>: <message>`, marked on the attribute (or `value` in it). */
  attributeError(attr: string, message: string, value?: string): void;
  /** An error worded by the rule itself (printed located at the rule), marked where `at` says. */
  error(message: string, at?: LocateRequest): void;
  /** An error already worded and located by whoever found it (`<file>:<line>:<col>: …`), printed as it is. */
  locatedError(text: string): void;
  /** A warning, printed unlocated (`WARNING: <message>`), marked where `at` says. */
  warning(message: string, at?: LocateRequest): void;

  /** Data for the UI's panels (Actions, Tests, Genquery), keyed by label. */
  explain(e: RuleExplanation): void;
}

export type RuleExplanation =
  | { readonly kind: 'genrule'; readonly key: string; readonly explanation: GenruleExplanation }
  | { readonly kind: 'testSuite'; readonly label: string; readonly explanation: SuiteExplanation }
  | { readonly kind: 'genquery'; readonly label: string; readonly explanation: GenqueryExplanation }
  | { readonly kind: 'setting'; readonly key: string; readonly explanation: SettingMatch };

/**
 * What a rule implementation returns: its providers, or `failed` after reporting why. `forwardsTo` (alias) takes
 * every provider of that target, and testonly from it.
 */
export type RuleResult = (Partial<Providers> & { readonly forwardsTo?: AnalyzedTarget }) | { readonly failed: true };

export interface RuleImplementation {
  /** The rule classes it implements. */
  readonly ruleClasses: readonly string[];
  analyze(ctx: RuleContext): RuleResult;
}
