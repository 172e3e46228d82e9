// The Starlark language for Monaco: a Monarch tokenizer (keywords, strings of every prefix and quote, numbers,
// comments, builtins, Bazel's rules) and the editing configuration (comments, brackets, indentation).
//
// Pure data, typed against Monaco's declarations only, so it loads without a DOM.

import type * as Monaco from 'monaco-editor/editor';

export const STARLARK_LANGUAGE_ID = 'starlark';

export const starlarkKeywords = [
  'and', 'break', 'continue', 'def', 'elif', 'else', 'for', 'if', 'in', 'lambda', 'load', 'not', 'or', 'pass',
  'return',
];

/** Python keywords Starlark reserves: using one is a syntax error, so they are coloured as keywords too. */
export const starlarkReserved = [
  'as', 'assert', 'async', 'await', 'class', 'del', 'except', 'finally', 'from', 'global', 'import', 'is',
  'nonlocal', 'raise', 'try', 'while', 'with', 'yield',
];

export const starlarkConstants = ['True', 'False', 'None'];

/** Universe builtins and the globals of BUILD and .bzl files. */
export const starlarkBuiltins = [
  'abs', 'all', 'any', 'bool', 'bytes', 'dict', 'dir', 'enumerate', 'fail', 'float', 'getattr', 'hasattr',
  'hash', 'int', 'len', 'list', 'max', 'min', 'print', 'range', 'repr', 'reversed', 'sorted', 'str', 'tuple',
  'type', 'zip', 'struct', 'json', 'select', 'depset', 'native', 'glob', 'package', 'package_name',
  'repository_name', 'exports_files', 'licenses', 'package_group', 'existing_rule', 'existing_rules', 'rule',
  'provider', 'attr', 'aspect', 'Label', 'module', 'bazel_dep', 'use_extension', 'use_repo', 'register_toolchains',
  'register_execution_platforms', 'workspace', 'module_extension', 'repository_rule', 'tag_class', 'visibility',
  'DefaultInfo', 'OutputGroupInfo', 'RunfilesInfo', 'config_common', 'platform_common',
];

/** Bazel's general-purpose rules (the ones the playground models), coloured like types. */
export const bazelRules = [
  'alias', 'config_setting', 'constraint_setting', 'constraint_value', 'filegroup', 'genquery', 'genrule',
  'platform', 'starlark_doc_extract', 'test_suite', 'sh_binary', 'sh_library', 'sh_test', 'environment',
  'environment_group', 'label_flag', 'label_setting',
];

// Escape sequences of non-raw strings (Bazel's scanner accepts these; others are errors).
const escapes = /\\(?:[\\'"abfnrtv\n]|[0-7]{1,3}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})/;

// A label inside a string: "//pkg:name", "@repo//pkg", ":name".
const label = /(?:@@?[\w.~+-]*)?\/\/[\w/.+@~-]*(?::[\w/.+@~=,-]*)?|:[\w.+@~-][\w/.+@~=,-]*/;

export const starlarkMonarch: Monaco.languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.star',
  keywords: [...starlarkKeywords, ...starlarkReserved],
  constants: starlarkConstants,
  builtins: starlarkBuiltins,
  rules: bazelRules,
  brackets: [
    { open: '{', close: '}', token: 'delimiter.curly' },
    { open: '[', close: ']', token: 'delimiter.bracket' },
    { open: '(', close: ')', token: 'delimiter.parenthesis' },
  ],
  escapes,
  label,
  tokenizer: {
    root: [
      { include: '@whitespace' },
      { include: '@strings' },
      { include: '@numbers' },
      [/(def)(\s+)([a-zA-Z_]\w*)/, ['keyword', 'white', 'entity.name.function']],
      [
        /[a-zA-Z_]\w*/,
        {
          cases: {
            '@keywords': 'keyword',
            '@constants': 'constant',
            '@rules': 'type.rule',
            '@builtins': 'predefined',
            '@default': 'identifier',
          },
        },
      ],
      [/[{}()[\]]/, '@brackets'],
      [/[,:;.]/, 'delimiter'],
      [/\*\*|\/\/=?|[-+*/%&|^<>!=]=?|<<=?|>>=?|~/, 'operator'],
    ],

    whitespace: [
      [/\s+/, 'white'],
      [/#.*$/, 'comment'],
    ],

    numbers: [
      [/0[xX][0-9a-fA-F]+/, 'number.hex'],
      [/0[oO][0-7]+/, 'number.octal'],
      [/(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?/, 'number.float'],
      [/\d+[eE][-+]?\d+/, 'number.float'],
      [/\d+/, 'number'],
    ],

    // Prefixes: r (raw), b (bytes), rb / br; any case. Triple quotes before single ones.
    strings: [
      [/(?:[rR][bB]?|[bB][rR])"""/, 'string.quote', '@rawTripleDouble'],
      [/(?:[rR][bB]?|[bB][rR])'''/, 'string.quote', '@rawTripleSingle'],
      [/[bB]?"""/, 'string.quote', '@tripleDouble'],
      [/[bB]?'''/, 'string.quote', '@tripleSingle'],
      [/(?:[rR][bB]?|[bB][rR])"/, 'string.quote', '@rawDouble'],
      [/(?:[rR][bB]?|[bB][rR])'/, 'string.quote', '@rawSingle'],
      [/[bB]?"/, 'string.quote', '@double'],
      [/[bB]?'/, 'string.quote', '@single'],
    ],

    tripleDouble: [
      [/"""/, 'string.quote', '@pop'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/[^\\"]+/, 'string'],
      [/["\\]/, 'string'],
    ],
    tripleSingle: [
      [/'''/, 'string.quote', '@pop'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/[^\\']+/, 'string'],
      [/['\\]/, 'string'],
    ],
    rawTripleDouble: [
      [/"""/, 'string.quote', '@pop'],
      [/\\./, 'string'],
      [/[^\\"]+/, 'string'],
      [/["\\]/, 'string'],
    ],
    rawTripleSingle: [
      [/'''/, 'string.quote', '@pop'],
      [/\\./, 'string'],
      [/[^\\']+/, 'string'],
      [/['\\]/, 'string'],
    ],

    // A one-line string ends at its quote or, unterminated, at the end of the line.
    double: [
      [/"/, 'string.quote', '@pop'],
      [/@label(?=")/, 'string.label'],
      [/@escapes/, 'string.escape'],
      [/\\$/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/[^\\"]+$/, 'string.invalid', '@pop'],
      [/[^\\"]+/, 'string'],
    ],
    single: [
      [/'/, 'string.quote', '@pop'],
      [/@label(?=')/, 'string.label'],
      [/@escapes/, 'string.escape'],
      [/\\$/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/[^\\']+$/, 'string.invalid', '@pop'],
      [/[^\\']+/, 'string'],
    ],
    rawDouble: [
      [/"/, 'string.quote', '@pop'],
      [/\\./, 'string'],
      [/[^\\"]+$/, 'string.invalid', '@pop'],
      [/[^\\"]+/, 'string'],
      [/\\/, 'string'],
    ],
    rawSingle: [
      [/'/, 'string.quote', '@pop'],
      [/\\./, 'string'],
      [/[^\\']+$/, 'string.invalid', '@pop'],
      [/[^\\']+/, 'string'],
      [/\\/, 'string'],
    ],
  },
};

export const starlarkConfiguration: Monaco.languages.LanguageConfiguration = {
  comments: { lineComment: '#' },
  brackets: [
    ['{', '}'],
    ['[', ']'],
    ['(', ')'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: "'", close: "'", notIn: ['string', 'comment'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '(', close: ')' },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
  ],
  indentationRules: {
    increaseIndentPattern: /^\s*(?:def|for|if|elif|else)\b.*:\s*(?:#.*)?$/,
    decreaseIndentPattern: /^\s*(?:elif|else)\b.*:\s*(?:#.*)?$/,
  },
  folding: { offSide: true },
  wordPattern: /(-?\d*\.\d\w*)|([^`~!@#%^&*()\-=+[{\]}\\|;:'",.<>/?\s]+)/g,
};
