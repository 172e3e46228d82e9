// Documentation extraction: ModuleInfo (stardoc_output.proto) and its binary, JSON and text encodings.
export * from './proto/index.ts';
