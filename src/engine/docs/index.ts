// Documentation extraction: ModuleInfo (stardoc_output.proto) and its binary, JSON and text encodings.
export * from './proto/index.ts';
export {
  extractModuleInfo,
  parseDocstring,
  LabelRenderer,
  docCommentsOf,
  type DocExtractAttrs,
  type ExtractResult,
  type DocstringInfo,
  type DocstringError,
  type ParamDoc,
  type DocComments,
  type DocCommentBlock,
} from './extract/index.ts';
