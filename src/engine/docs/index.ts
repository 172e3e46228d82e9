// Documentation extraction: ModuleInfo (stardoc_output.proto) and its binary, JSON and text encodings.
//
// starlark_doc_extract's action calls `extractModuleInfo(loader, rule, resolvedAttrs?)` (extract/index.ts) with
// the starlark_doc_extract RuleTarget and, optionally, its attributes after select() resolution (src, deps,
// symbol_names, allow_unused_doc_comments, render_main_repo_name; each one left out is read from the rule). It
// returns `{ moduleInfo, file }`, from which the action writes `<name>.binaryproto` (moduleInfoToBinary, the
// default output) and, only when requested, `<name>.textproto` (moduleInfoToText); or `{ error, attribute? }`
// with Bazel's text, printed as `in starlark_doc_extract rule //pkg:name: <error>` (or `in <attribute>
// attribute of starlark_doc_extract rule //pkg:name: <error>`) after the rule's location — a build failure
// (exit 1).
export * from './proto/index.ts';
export {
  extractModuleInfo,
  parseDocstring,
  LabelRenderer,
  docCommentsOf,
  type DocExtractAttrs,
  type FileRef,
  type ExtractResult,
  type DocstringInfo,
  type DocstringError,
  type ParamDoc,
  type DocComments,
  type DocCommentBlock,
} from './extract/index.ts';
export { moduleInfoView, decodeModuleInfo, type DocumentTarget, type ModuleInfoView } from './view.ts';
