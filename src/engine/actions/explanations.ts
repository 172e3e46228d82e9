// The explanations analysis keeps for the UI's panels, as plain data that crosses the worker unchanged: how a
// genrule's command expanded and ran (Actions panel); which tests a test_suite kept and why the others were
// dropped (Tests panel: loading/test-filter.ts). select() explanations are the configuration layer's
// (config/matching.ts), genquery's the query layer's (query/genquery.ts).

/** Everything the UI's Actions panel shows for one genrule (execution fills the second half). */
export interface GenruleExplanation {
  label: string;
  configuration: string;
  /** Which attribute supplied the command: `cmd_bash` or `cmd`. */
  attribute: string;
  /** The command as written. */
  template: string;
  /** After `$(location)` and friends. */
  afterLocations?: string;
  /** After make variables and `$$` (the text bash receives after genrule-setup.sh). */
  afterMakeVariables?: string;
  /** The make variables the rule could use, with their values. */
  variables: Record<string, string>;
  /** `source …genrule-setup.sh; <command>` */
  script?: string;
  /** Set when the script is longer than the command-line limit (Bazel then runs it from this file). */
  scriptFile?: string;
  env: Record<string, string>;
  progress: string;
  /** Expansion error, in Bazel's words. */
  error?: string;
  inputs: string[];
  outputs: string[];
  // ---- execution ----
  ran?: boolean;
  cached?: boolean;
  exitCode?: number;
  stdout?: string;
  stderr?: string;
  /** Outputs produced, with their sizes. */
  produced?: { path: string; size: number }[];
  missing?: string[];
}
