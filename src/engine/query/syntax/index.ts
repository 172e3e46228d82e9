// The query language's syntax: tokens, the expression tree, the parser and the function signatures.
export * from './ast.ts';
export { scan, tokenText, type Token, type TokenKind } from './lexer.ts';
export { parseQuery, QuerySyntaxError } from './parser.ts';
export { functionSignatures, type SignatureOptions } from './signatures.ts';
