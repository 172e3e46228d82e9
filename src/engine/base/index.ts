// The base layer: source files, spans, diagnostics and the semantics profiles.
export * from './source.ts';
export * from './diagnostic.ts';
export * from './profile.ts';
export * from './utf8.ts';
export * from './sha256.ts';
export * from './java-hash.ts';
