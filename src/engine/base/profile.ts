// The semantics profiles: the one table of every behaviour that differs between Bazel versions.
//
// A workspace's `.bazelversion` picks a profile: a version starting with `4.` picks 'bazel4' (what the recorded
// conformance corpus shows); anything else, or no file, picks 'modern' (current Bazel, 7.x/8.x). Layers never
// test version strings: they read a named row of this table, and a new difference is a new row.
// Rows cite ../shared/conformance/VERSIONS.md (#n) where they come from.

export type ProfileName = 'bazel4' | 'modern';

export interface Profile {
  readonly name: ProfileName;
  /** The version string Bazel would report, e.g. for `rulepen version`. */
  readonly bazelVersion: string;
  // ---- Starlark dialect (VERSIONS #13a) ----
  readonly starlark: StarlarkSemantics;
  // ---- labels ----
  /**
   * Label grammar and its messages (#12). 'bazel4': no `@@`, a BUILD-file string without `//` or `@` is a target
   * name relative to the package (`"a:b"` → invalid target name 'a:b'), repository errors speak of "workspace
   * names". 'modern': LabelParser with `@@canonical` and `...` handling, `"a/b:c"` → "absolute label must begin
   * with '@' or '//'".
   */
  readonly labels: 'bazel4' | 'modern';
  // ---- loading ----
  /** glob() that matches nothing is an error unless allow_empty = True (#9). */
  readonly disallowEmptyGlob: boolean;
  /** Symbolic macros, `macro()` (#8). */
  readonly symbolicMacros: boolean;
  /** starlark_doc_extract exists as a native rule (#7). */
  readonly starlarkDocExtract: boolean;
  /**
   * The attributes added after 4.2.3 (marked `modernOnly` in the rule schemas) exist, in BUILD files and in every
   * listing of a rule's attributes (query --output=build/xml/proto, the editor): the common aspect_hints, package_metadata and
   * exec_group_compatible_with, genquery's compressed_output (#5), build settings' scope. Bazel 4.2.3 has none of
   * them ("no such attribute"); current Bazel has them all.
   */
  readonly postBazel4Attributes: boolean;
  /**
   * query's xml/proto outputs list every attribute of a rule class exactly as recorded from Bazel 4.2.3 (the ones
   * no BUILD file sets too: transitive_configs, :action_listener, applicable_licenses, distribs, …). Current
   * Bazel's lists cannot be recorded here: the rule's schema is listed instead.
   */
  readonly recordedQueryAttributes: boolean;
  /**
   * load() accepts `.scl` files (the Starlark configuration language, added to Bazel in 2023) besides `.bzl`.
   * 4.2.3 accepts only `.bzl`: "The label must reference a file with extension '.bzl'".
   */
  readonly sclLoads: boolean;
  /**
   * A test_suite without `tests` expands to the package's non-manual tests that also pass the suite's own tag
   * filter (`-t` excludes, `t`/`+t` requires, the size counts as a tag: current Bazel's TestTargetUtils at
   * loading), rather than to all of them (4.2.3, checked with `bazel query`).
   */
  readonly implicitTestsFilteredByTags: boolean;
  /**
   * Query outputs list a test_suite's `$implicit_tests` twice when its package's loading restarted: 4.2.3's
   * Package.Builder accumulates the tests again on a Skyframe restart, which a cold run always takes for a package
   * that calls glob() with patterns (its GlobValues) or has a target whose name holds a '/' (the subpackage check's
   * ContainingPackageLookupValues). Checked with `bazel query --output=build/xml`; current Bazel clears the list.
   */
  readonly implicitTestsRepeatedOnRestart: boolean;
  /**
   * cquery `labels(attr, x)` where x is an alias of a file crashes Bazel 4.2.3 (exit 37): "in 'attr' of rule
   * //p:alias:  //p:f is not a rule configured target" (an IllegalArgumentException; differential seed 46030).
   */
  readonly cqueryLabelsOfAliasedFileCrashes: boolean;
  /**
   * sh_binary and sh_test are Bazel's native rules (4.2.3, ShRuleClasses): `srcs` is mandatory, so a rule without
   * it is a loading error ("missing value for mandatory attribute 'srcs' in 'sh_test' rule", package in error).
   * The Starlark sh rules of current Bazel accept it and fail at analysis ("you must specify exactly one file").
   */
  readonly nativeShRules: boolean;
  /**
   * str() of a Label is its canonical form, `@@//pkg:name` (`--incompatible_unambiguous_label_stringification`,
   * on in current Bazel, which the command line can turn off); 4.2.3 prints `//pkg:name`.
   */
  readonly canonicalLabelStrings: boolean;
  // ---- configuration ----
  /** select() with several matching keys is allowed when they all give the same value (#1). */
  readonly selectSameValueAmbiguityAllowed: boolean;
  /** The long "Would a default condition help?" no-match message (#2). */
  readonly selectVerboseNoMatch: boolean;
  /**
   * What select() says of a key that is neither a string nor a Label: current Bazel's SelectorList "want a Label
   * or label string" (ConfigurableAttributesTest#configKeyTypeChecking_*), 4.2.3's "want a label string" (checked).
   */
  readonly selectKeyWant: string;
  /**
   * How a select() key that cannot be used (names nothing, or its config_setting fails) fails the rule: 4.2.3's
   * one unlocated "While resolving configuration keys for //p:t: <why>" (checked), or current Bazel's
   * ConfigConditionsProducer: the key's own error where it arises (a missing target at its package's BUILD file),
   * then, at the rule, "errors encountered resolving select() keys for //p:t" (ConfigurableAttributesTest
   * #configKeyNonexistentTarget_otherPackage).
   */
  readonly selectKeyFailure: 'while-resolving' | 'errors-encountered';
  /**
   * How a failed .bzl file is named. 'bazel4': "Extension 'p/x.bzl' has errors" when it does not compile, "Extension
   * file 'p/x.bzl' has errors" when it fails while running, "in /abs/p/y.bzl: …" through a .bzl that loads it, and
   * BUILD files checked as parse, resolve, then the BUILD dialect ("function definitions are not allowed in BUILD
   * files"; top-level for/if are the resolver's errors). 'current': "compilation of module 'p/x.bzl' failed",
   * "initialization of module 'p/x.bzl' failed", "at /abs/p/y.bzl:1:6: …" (BzlCompileFunction, BzlLoadFunction), and
   * the BUILD dialect checked before the resolver. Checked with 4.2.3; current from BzlLoadFunctionTest
   * #testSclDoesNotSupportOtherBazelSymbols and #testBzlVisibility_cannotBeSetInFunction.
   */
  readonly bzlFailure: 'bazel4' | 'current';
  /**
   * cquery --keep_going whose query fails (an unsupported function, a bad regexp): 'unnamed' is Bazel 4.2.3's bare
   * "Error doing post analysis query", the command ending as its analysis did (0, or 1 with "not all targets were
   * analyzed"); 'named' gives the reason and fails (checked with 4.2.3; current Bazel not known, so its reason is kept).
   */
  readonly cqueryKeepGoingQueryError: 'unnamed' | 'named';
  /** genrule `tools` build in the host configuration (true) rather than the exec configuration (#10). */
  readonly genruleToolsInHost: boolean;
  /** config_setting visibility is enforced (#11). */
  readonly enforceConfigSettingVisibility: boolean;
  /**
   * A Starlark rule's implicit (private, `_`-named) dependencies are checked for visibility from the package of the
   * .bzl file that defines the rule, falling back on the consuming target's package (current Bazel's
   * CommonPrerequisiteValidator; the error then names the .bzl file). 4.2.3 checks the consuming target only.
   */
  readonly implicitDepsVisibleFromDefinition: boolean;
  /**
   * A config_setting is public whatever `visibility` it declares (4.2.3's Rule.getVisibility): its package
   * groups are no dependencies, and query outputs print `//visibility:public`.
   */
  readonly configSettingsPublic: boolean;
  /**
   * Bazel's StringUtil.joinEnglishList puts a comma before the last "or" of three or more items (`'a', 'b', or 'c'`,
   * current Bazel's joinEnglishListSingleQuoted, e.g. in "invalid value in 'x' attribute: has to be one of …");
   * 4.2.3 writes `'a', 'b' or 'c'` (checked with attr.string(values = …) and py_library's srcs_version).
   */
  readonly englishListOxfordComma: boolean;
  /**
   * The platform used when --platforms / --host_platform are not given: 4.2.3's `@local_config_platform//:host`,
   * current Bazel's `@platforms//host` (both the Linux x86_64 machine the corpus was recorded on).
   */
  readonly defaultHostPlatform: string;
  /**
   * cquery's platform edges: which rules depend on the target platform, and in which configuration they also
   * depend on the execution platform (current Bazel: the exec one, a tool edge). 4.2.3 (checked with `bazel
   * cquery deps(…)`): every rule but those listed (and build settings) resolves toolchains, and depends on the
   * target platform and on the execution platform (the host's unless --extra_execution_platforms), both in the
   * target configuration — one edge when they are the same platform.
   */
  readonly platformEdges: { readonly rules: readonly string[] | { readonly allExcept: readonly string[] }; readonly execPlatform: 'none' | 'target' | 'exec' };
  /**
   * Native rules' implicit dependencies on Bazel's own tools (`$test_runtime`, `$launcher`, `$grep_includes`, …)
   * are analysed, so cquery lists them with their closures, in the configuration each attribute names (4.2.3,
   * checked with `cquery deps(…)`; its @bazel_tools is a stand-in generated from Bazel). Current Bazel's come
   * from rules_cc and rules_shell, which rulepen does not model: query lists them, analysis does not follow them.
   */
  readonly implicitToolsAnalysed: boolean;
  /**
   * Toolchain resolution (config/toolchains.ts). `registered`: the toolchains Bazel registers itself, after the
   * user's (4.2.3's WORKSPACE suffix registers @local_config_cc_toolchains//:all and Python's autodetecting
   * toolchain; current Bazel the C++ toolchains cc_configure writes for the host, whose C++ rules request the C++
   * type as their Starlark definitions declare it, see bazel-rules.ts). `nativeTypes`: the toolchain types native
   * rule classes request (4.2.3, checked with
   * --toolchain_resolution_debug and a platform no C++ toolchain matches: C++, Java and Python binary rules request
   * the C++ type; py_binary and py_test the Python type too, which resolves to a toolchain without constraints, as
   * cquery shows). `messages`: 4.2.3's "no matching toolchains
   * found for types …" (with the C++ hint) or current Bazel's, with the --toolchain_resolution_debug line.
   * `toolchainConfig`: the configuration a resolved toolchain is analysed in (4.2.3: host; checked with cquery).
   * `ccToolchainSuite`: rules with the late-bound `:cc_toolchain` attribute depend on --crosstool_top's
   * cc_toolchain_suite, which fails for a --cpu/--compiler it has no toolchain for (4.2.3, checked).
   * `transitionRules`: native rule classes that use the toolchain transition (4.2.3: cc_import, implemented in
   * Starlark): their resolved toolchains are analysed in the rule's own configuration under a key of their own, so
   * `cquery deps()` lists such a toolchain twice when the rule also reaches it by an attribute (checked).
   */
  readonly toolchains: {
    readonly registered: readonly string[];
    readonly nativeTypes: Readonly<Record<string, readonly string[]>>;
    readonly messages: 'bazel4' | 'current';
    readonly toolchainConfig: 'host' | 'target';
    readonly ccToolchainSuite: boolean;
    readonly transitionRules?: readonly string[];
  };
  /**
   * Targets the target platform cannot build (target_compatible_with). `skipDependencies`: a directly
   * incompatible target's other dependencies are not analysed (current Bazel's IncompatibleTargetChecker;
   * configured_query_test.sh#test_transitions_incompatible_target; 4.2.3 analyses them, checked).
   * `cqueryExplicitError`: cquery fails on an incompatible target named on its command line, as build does (4.2.3,
   * checked; current cquery lists it). `currentWording`: the "Dependency chain" names each target's configuration
   * and the target platform, labels in canonical form (TopLevelConstraintSemantics.reportOnIncompatibility);
   * 4.2.3 names neither, and its --keep_going warning writes a main-repository label `@//pkg:name` (checked).
   */
  readonly incompatibleTargets: { readonly skipDependencies: boolean; readonly cqueryExplicitError: boolean; readonly currentWording: boolean };
  /**
   * The severity of a failed build's last line, `<SEVERITY>: Build did NOT complete successfully`: `FAILED` in
   * 4.2.3 (checked), `ERROR` since Bazel 7 (target_compatible_with_test.sh expects `^ERROR: Build did NOT complete
   * successfully`).
   */
  readonly buildFailureSeverity: 'failed' | 'error';
  /**
   * A label listed twice in a label-list attribute made of several concatenated select()s. 'across-selects'
   * (4.2.3's AggregatingAttributeMapper.checkForDuplicateLabels): a loading error for a duplicate within a branch
   * and for a label any two of the selects name, whichever branches are taken. 'configured-value' (current Bazel):
   * loading checks each branch alone; analysis checks the value the chosen branches make (RuleContext's
   * checkAttributesForDuplicateLabels: "Label '…' is duplicated"), once the target is known to be compatible
   * (target_compatible_with_test.sh#test_composition).
   */
  readonly duplicateLabelsInSelects: 'across-selects' | 'configured-value';
  // ---- query ----
  /**
   * --incompatible_display_source_file_location: a source file's location is line 1 of the file itself, not the
   * rule that first names it. `default`: the flag's default (true since Bazel 5.0; 4.2.3: false, checked);
   * `inProto`: --output=proto uses it too (ProtoOutputFormatter; 4.2.3's proto and xml keep the rule's location,
   * checked). bazel_query_test.sh#test_location_output_source_files.
   */
  readonly displaySourceFileLocation: { readonly default: boolean; readonly inProto: boolean };
  /** Default query ordering: 'dependency' (4.2.3's algorithm) or 'lexicographic' (#3). */
  readonly queryDefaultOrder: 'dependency' | 'lexicographic';
  /** genquery's default ordering (#4). */
  readonly genqueryDefaultOrder: 'dependency' | 'lexicographic';
  /** genquery has `compressed_output` (#5). */
  readonly genqueryCompressedOutput: boolean;
  /**
   * genquery's `scope` targets are analysed prerequisites (configured, visibility- and testonly-checked). Current
   * Bazel only loads their closure (GenQueryIntegrationTest#testHandlesMissingTargetGracefully: a private scope
   * target is fine; #testReportsMissingScopeTarget: "errors were encountered while computing transitive closure
   * of the scope").
   */
  readonly genqueryScopeAnalysed: boolean;
  /** genquery's --nodep_deps default (current Bazel: false, GenQueryIntegrationTest#testNodepDeps_defaultIsFalse). */
  readonly genqueryNodepDeps: boolean;
  /**
   * The closure of genquery's scope follows visibility to the package groups it names (current Bazel,
   * GenQueryIntegrationTest#testNodepDeps_true). Bazel 4.2.3's scope traversal does not, so its genquery's deps()
   * lists no such package group (checked with 4.2.3).
   */
  readonly genqueryScopeVisibility: boolean;
  /** Query output formats that exist (#6). */
  readonly queryOutputs: readonly string[];
  /**
   * The output formats genquery's `opts` may name, in the order its "Invalid output format" rule error lists them
   * (Bazel's OutputFormatters.getDefaultFormatters(); bazel_query_test.sh#test_genquery_bad_output_formatter).
   */
  readonly genqueryOutputs: readonly string[];
  /** cquery output formats that exist, in the order Bazel lists them ("Valid values are: …"); `files` is 5.x+. */
  readonly cqueryOutputs: readonly string[];
  /**
   * cquery --output=starlark (StarlarkOutputFormatterCallback). `utilToplevels`: besides `providers` and
   * `build_options`, the formatter sees `depset`, `json`, `proto` and `struct` (current Bazel's
   * getUtilToplevelsForCquery); 4.2.3 had none of them ("name 'depset' is not defined (+ 2 more)", checked).
   * `aliasProviders`: `providers(alias)` is its actual's dict (AliasConfiguredTarget.getProvidersDictForQuery);
   * 4.2.3 returned None (checked). `defaultInfoInProviders`: that dict lists DefaultInfo, which current Bazel adds
   * for every target (StarlarkOutputFormatterCallbackTest). `errorExit`: the exit code when the formatter cannot
   * be made (both flags given, a bad expression or file, no usable `format`): 1 in 4.2.3 (checked); current Bazel
   * exits with its failure detail's code (Query/ConfigurableQuery codes of failure_details.proto: 2, read from
   * memory of that file, not checked against a Bazel 8 run).
   */
  /**
   * cquery's proto outputs (proto, textproto, jsonproto, streamed_proto) give each target a `configuration_id`
   * and list the configurations after the results (current Bazel's CqueryResult, --proto:include_configurations);
   * 4.2.3 gave each target only `configuration { checksum }` (checked with `cquery --output=textproto`).
   */
  readonly cqueryProtoConfigurations: boolean;
  /**
   * `--transitions=lite|full` without --output makes the output `transitions` (current Bazel's CqueryCommand sets
   * it as a computed default). 4.2.3 does so only for a result of several targets: `cquery //p:g
   * --transitions=lite` and `set(//p:g)` print the label alone, `//p:g + //p:t` and `deps(//p:g)` the
   * transitions (checked).
   */
  readonly cqueryTransitionsImplyOutput: 'always' | 'several-results';
  readonly cqueryStarlark: {
    readonly utilToplevels: boolean;
    readonly aliasProviders: boolean;
    readonly defaultInfoInProviders: boolean;
    readonly errorExit: number;
  };
  // ---- command line ----
  /** `common` lines of a .bazelrc skip options the command does not accept (7.0+) instead of failing. */
  readonly rcCommonIgnoresInapplicable: boolean;
  /** `some(x, k)` takes a count (newer than 4.2.3). */
  readonly querySomeTakesCount: boolean;
  // ---- execution ----
  /** The main repository's directory under the execroot and in runfiles trees (`__main__` in 4.2.3, `_main` with Bzlmod). */
  readonly execrootName: string;
  /**
   * A dependency in `data` brings its files (DefaultInfo.files) into the runfiles, not only its data runfiles
   * (--incompatible_always_include_files_in_data, flipped in Bazel 6.0): a Starlark rule that returns no runfiles
   * adds nothing through `data` in 4.2.3 (checked).
   */
  readonly alwaysIncludeFilesInData: boolean;
  /** A runfiles object has merge_all() (newer than 4.2.3, which has merge() alone; checked). */
  readonly runfilesMergeAll: boolean;
  // ---- workspace ----
  /** Files that mark the workspace root, in the order they are looked for (#13). */
  readonly workspaceMarkers: readonly string[];
}

/** Dialect switches the Starlark interpreter reads. It knows nothing of Bazel versions, only of these. */
export interface StarlarkSemantics {
  /** `lambda` expressions are allowed. */
  readonly allowLambda: boolean;
  /** `def` inside a function is allowed. */
  readonly allowNestedDef: boolean;
  /** The builtin `abs` exists. */
  readonly hasAbs: boolean;
  /** str.removeprefix and str.removesuffix exist. */
  readonly hasRemovePrefix: boolean;
  /** min() and max() accept `key=`. */
  readonly minMaxKey: boolean;
  /** `dict | dict` and `|=` (added in Bazel 5; 4.2.3: "unsupported binary operation: dict | dict", checked). */
  readonly dictUnion: boolean;
  /**
   * Bazel 4.2.3 resolves a BUILD file before its dialect checks (so a top-level for/if is the resolver's error, and
   * a resolver error hides a def), and names a def "function definitions are not allowed in BUILD files"; current
   * Bazel checks the dialect first (checked with 4.2.3).
   */
  readonly buildDialectAfterResolve: boolean;
  /**
   * A .bzl global bound twice: Bazel 4.2.3 says "cannot reassign global 'x' (read more at …read-only-variable.html)",
   * current Bazel "'x' redeclared at top level" (checked with 4.2.3; current: Resolver#bind).
   */
  readonly reassignGlobalMessage: 'cannot-reassign' | 'redeclared';
}

// In the order Bazel lists them in "Invalid output format 'x'. Valid values are: …".
const COMMON_OUTPUTS = ['label', 'label_kind', 'build', 'minrank', 'maxrank', 'package', 'location', 'graph', 'xml', 'proto'];

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  bazel4: {
    name: 'bazel4',
    bazelVersion: '4.2.3',
    starlark: { allowLambda: false, allowNestedDef: false, hasAbs: false, hasRemovePrefix: false, minMaxKey: false, dictUnion: false, buildDialectAfterResolve: true, reassignGlobalMessage: 'cannot-reassign' },
    labels: 'bazel4',
    disallowEmptyGlob: false,
    symbolicMacros: false,
    starlarkDocExtract: false,
    postBazel4Attributes: false,
    recordedQueryAttributes: true,
    sclLoads: false,
    implicitTestsFilteredByTags: false,
    implicitTestsRepeatedOnRestart: true,
    cqueryLabelsOfAliasedFileCrashes: true,
    nativeShRules: true,
    canonicalLabelStrings: false,
    selectSameValueAmbiguityAllowed: false,
    selectVerboseNoMatch: false,
    selectKeyWant: 'a label string',
    selectKeyFailure: 'while-resolving',
    bzlFailure: 'bazel4',
    cqueryKeepGoingQueryError: 'unnamed',
    genruleToolsInHost: true,
    enforceConfigSettingVisibility: false,
    implicitDepsVisibleFromDefinition: false,
    configSettingsPublic: true,
    englishListOxfordComma: false,
    defaultHostPlatform: '@local_config_platform//:host',
    platformEdges: {
      rules: { allExcept: ['alias', 'bind', 'constraint_setting', 'constraint_value', 'environment', 'environment_group', 'label_flag', 'label_setting', 'platform', 'toolchain', 'toolchain_type'] },
      execPlatform: 'target',
    },
    implicitToolsAnalysed: true,
    toolchains: {
      registered: ['@local_config_cc_toolchains//:all', '@bazel_tools//tools/python:autodetecting_toolchain'],
      transitionRules: ['cc_import'],
      nativeTypes: {
        ...Object.fromEntries(['cc_binary', 'cc_import', 'cc_library', 'cc_test', 'java_binary', 'java_library', 'java_plugin', 'java_test'].map((r) => [r, ['@bazel_tools//tools/cpp:toolchain_type']])),
        ...Object.fromEntries(['py_binary', 'py_test'].map((r) => [r, ['@bazel_tools//tools/cpp:toolchain_type', '@bazel_tools//tools/python:toolchain_type']])),
      },
      messages: 'bazel4',
      toolchainConfig: 'host',
      ccToolchainSuite: true,
    },
    incompatibleTargets: { skipDependencies: false, cqueryExplicitError: true, currentWording: false },
    buildFailureSeverity: 'failed',
    duplicateLabelsInSelects: 'across-selects',
    displaySourceFileLocation: { default: false, inProto: false },
    queryDefaultOrder: 'dependency',
    genqueryDefaultOrder: 'dependency',
    genqueryCompressedOutput: false,
    genqueryScopeAnalysed: true,
    genqueryNodepDeps: true,
    genqueryScopeVisibility: false,
    queryOutputs: [...COMMON_OUTPUTS, 'streamed_proto'],
    genqueryOutputs: COMMON_OUTPUTS,
    cqueryOutputs: ['label_kind', 'label', 'transitions', 'proto', 'textproto', 'jsonproto', 'build', 'graph', 'starlark'],
    cqueryProtoConfigurations: false,
    cqueryTransitionsImplyOutput: 'several-results',
    cqueryStarlark: { utilToplevels: false, aliasProviders: false, defaultInfoInProviders: false, errorExit: 1 },
    rcCommonIgnoresInapplicable: false,
    querySomeTakesCount: false,
    execrootName: '__main__',
    alwaysIncludeFilesInData: false,
    runfilesMergeAll: false,
    workspaceMarkers: ['WORKSPACE', 'WORKSPACE.bazel'],
  },
  modern: {
    name: 'modern',
    bazelVersion: '8.4.2',
    starlark: { allowLambda: true, allowNestedDef: true, hasAbs: true, hasRemovePrefix: true, minMaxKey: true, dictUnion: true, buildDialectAfterResolve: false, reassignGlobalMessage: 'redeclared' },
    labels: 'modern',
    disallowEmptyGlob: true,
    symbolicMacros: true,
    starlarkDocExtract: true,
    postBazel4Attributes: true,
    recordedQueryAttributes: false,
    sclLoads: true,
    implicitTestsFilteredByTags: true,
    implicitTestsRepeatedOnRestart: false,
    cqueryLabelsOfAliasedFileCrashes: false,
    nativeShRules: false,
    canonicalLabelStrings: true,
    selectSameValueAmbiguityAllowed: true,
    selectVerboseNoMatch: true,
    selectKeyWant: 'a Label or label string',
    selectKeyFailure: 'errors-encountered',
    bzlFailure: 'current',
    cqueryKeepGoingQueryError: 'named',
    genruleToolsInHost: false,
    enforceConfigSettingVisibility: true,
    implicitDepsVisibleFromDefinition: true,
    configSettingsPublic: false,
    englishListOxfordComma: true,
    defaultHostPlatform: '@platforms//host:host',
    platformEdges: { rules: ['genrule', 'genquery', 'sh_binary', 'sh_test', 'sh_library', 'starlark_doc_extract', 'cc_binary', 'cc_import', 'cc_library', 'cc_test', 'cc_toolchain_alias'], execPlatform: 'exec' },
    implicitToolsAnalysed: false,
    // The C++ toolchains cc_configure registers for the host (Bazel's autoconfigured local_config_cc).
    toolchains: { registered: ['@local_config_cc_toolchains//:all'], nativeTypes: {}, messages: 'current', toolchainConfig: 'target', ccToolchainSuite: false },
    incompatibleTargets: { skipDependencies: true, cqueryExplicitError: false, currentWording: true },
    buildFailureSeverity: 'error',
    duplicateLabelsInSelects: 'configured-value',
    displaySourceFileLocation: { default: true, inProto: true },
    queryDefaultOrder: 'lexicographic',
    genqueryDefaultOrder: 'lexicographic',
    genqueryCompressedOutput: true,
    genqueryScopeAnalysed: false,
    genqueryNodepDeps: false,
    genqueryScopeVisibility: true,
    queryOutputs: [...COMMON_OUTPUTS, 'streamed_proto', 'textproto', 'jsonproto', 'streamed_jsonproto'],
    genqueryOutputs: [...COMMON_OUTPUTS, 'streamed_jsonproto', 'streamed_proto'],
    cqueryOutputs: ['label_kind', 'label', 'transitions', 'proto', 'streamed_proto', 'textproto', 'jsonproto', 'build', 'graph', 'starlark', 'files'],
    cqueryProtoConfigurations: true,
    cqueryTransitionsImplyOutput: 'always',
    cqueryStarlark: { utilToplevels: true, aliasProviders: true, defaultInfoInProviders: true, errorExit: 2 },
    rcCommonIgnoresInapplicable: true,
    querySomeTakesCount: true,
    execrootName: '_main',
    alwaysIncludeFilesInData: true,
    runfilesMergeAll: true,
    workspaceMarkers: ['MODULE.bazel', 'REPO.bazel', 'WORKSPACE.bazel', 'WORKSPACE'],
  },
};

/** The profile a `.bazelversion` text selects (undefined or empty → modern). */
export function profileForVersion(bazelversion: string | undefined): Profile {
  const v = (bazelversion ?? '').trim().split(/\s+/)[0] ?? '';
  if (/^[0-5]\./.test(v)) return PROFILES.bazel4;
  return PROFILES.modern;
}
