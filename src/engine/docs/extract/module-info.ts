// The ModuleInfo walker, after Bazel's ModuleInfoExtractor (doc-comment era) and its Rule/Attribute/Function/
// ProviderNameGroup extractors.
//
// Two passes over the module's public globals, in order of first binding, recursing into structs (fields in
// sorted order): the first, unfiltered, records for each provider the first qualified name it is reachable
// under (rules and attributes refer to providers by that name, whatever `symbol_names` says); the second
// documents what the filter wants. A qualified name is documented when each of its components starts with a
// letter and it, or an ancestor struct's name, is wanted. Rules, providers, aspects, macros and repository
// rules that were never exported (made inside a struct literal) are skipped.

import {
  AspectValue,
  AttrDescriptor,
  MacroValue,
  ModuleExtensionValue,
  ProviderValue,
  RepositoryRuleValue,
  RuleClass,
  isExportable,
  trimDocString,
  type Label,
  type ProviderRef,
} from '../../loading/index.ts';
import { Module, StarlarkFunction, Struct, typeName, type Value } from '../../starlark/index.ts';
import {
  AttributeType,
  FunctionParamRole,
  type AttributeInfo,
  type ModuleInfo,
  type OriginKey,
  type ProviderNameGroup,
  type StarlarkFunctionInfo,
} from '../proto/index.ts';
import { create } from '@bufbuild/protobuf';
import {
  AspectInfoSchema,
  AttributeInfoSchema,
  FunctionDeprecationInfoSchema,
  FunctionParamInfoSchema,
  FunctionReturnInfoSchema,
  MacroInfoSchema,
  ModuleExtensionInfoSchema,
  ModuleInfoSchema,
  ProviderInfoSchema,
  RepositoryRuleInfoSchema,
  RuleInfoSchema,
  StarlarkOtherSymbolInfoSchema,
  OriginKeySchema,
  ProviderNameGroupSchema,
  StarlarkFunctionInfoSchema,
} from '../proto/index.ts';
import type { DocComments } from './doc-comments.ts';
import { parseDocstring } from './docstring.ts';
import type { LabelRenderer } from './labels.ts';

/** An extraction failure with Bazel's message. */
export class ExtractionError extends Error {}

export interface WalkOptions {
  readonly renderer: LabelRenderer;
  /** Empty: everything public. */
  readonly symbolNames: readonly string[];
  readonly allowUnusedDocComments: boolean;
  readonly docComments: DocComments;
  /** The module docstring, untrimmed (undefined when the file has none). */
  readonly moduleDoc: string | undefined;
  /** The label of the extracted file. */
  readonly file: Label;
  /** The label of the .bzl a module (of a function) comes from. */
  readonly labelOf: (m: Module) => Label | undefined;
  /** `path:line:column` of a function's definition (for docstring errors). */
  readonly locationOf: (fn: StarlarkFunction) => string;
  /** The absolute path of the extracted file, prefixed to module-level errors (`in <path>: …`). */
  readonly absPath: string;
}

const IMPLICIT_RULE_NAME = { name: 'name', docString: 'A unique name for this target.', type: AttributeType.NAME, mandatory: true };
const IMPLICIT_MACRO_ATTRS = [
  {
    name: 'name',
    type: AttributeType.NAME,
    mandatory: true,
    docString:
      "A unique name for this macro instance. Normally, this is also the name for the macro's main or only target. The names of any other targets that this macro might create will be this name with a string suffix.",
  },
  {
    name: 'visibility',
    type: AttributeType.LABEL_LIST,
    nonconfigurable: true,
    nativelyDefined: true,
    docString:
      "The visibility to be passed to this macro's exported targets. It always implicitly includes the location where this macro is instantiated, so this attribute only needs to be explicitly set if you want the macro's targets to be additionally visible somewhere else.",
  },
];
const IMPLICIT_REPO_RULE_NAME = { name: 'name', type: AttributeType.NAME, mandatory: true, docString: 'A unique name for this repository.' };

/** ExtractorContext.isPublicName: the first character is a letter. */
export function isPublicName(name: string): boolean {
  return name.length > 0 && /^\p{L}/u.test(name);
}

type Visitor = (qualifiedName: string, value: Value) => void;

/** GlobalsVisitor.traverse: public globals, then struct fields, with the wanted-name logic. */
function traverse(module: Module, shouldVisit: (q: string) => boolean, visit: Visitor, other: Visitor): void {
  const maybeVisit = (q: string, v: Value, verified: boolean) => {
    if (verified || shouldVisit(q)) {
      if (isExportable(v) && v.exportedName === undefined) return;
      if (
        v instanceof RuleClass ||
        v instanceof MacroValue ||
        (v instanceof ProviderValue && !v.isBuiltin) ||
        v instanceof StarlarkFunction ||
        v instanceof AspectValue ||
        v instanceof RepositoryRuleValue ||
        v instanceof ModuleExtensionValue
      ) {
        visit(q, v);
      } else {
        other(q, v);
        if (v instanceof Struct) recurse(q, v, true);
      }
    } else if (v instanceof Struct) recurse(q, v, false);
  };
  const recurse = (q: string, s: Struct, verified: boolean) => {
    // Struct field names are already sorted (Java string order: UTF-16 code units).
    s.names.forEach((n, i) => {
      if (isPublicName(n)) maybeVisit(`${q}.${n}`, s.values[i]!, verified);
    });
  };
  for (const [name, v] of module.globals) if (isPublicName(name)) maybeVisit(name, v, false);
}

export function walkModule(module: Module, o: WalkOptions): ModuleInfo {
  const r = o.renderer;
  if (!o.allowUnusedDocComments && o.docComments.unusedLines.length > 0) {
    const ls = o.docComments.unusedLines;
    throw new ExtractionError(
      `in ${o.absPath}: unexpected or conflicting doc comments on line${ls.length > 1 ? 's' : ''} ${ls.join(', ')}; a doc comment must be attached to the declaration of a global variable`,
    );
  }
  const info = create(ModuleInfoSchema, {});
  if (o.moduleDoc !== undefined) info.moduleDocstring = trimDocString(o.moduleDoc);
  info.file = r.render(o.file);

  // Pass 1: provider names.
  const providerNames = new Map<ProviderValue, string>();
  traverse(
    module,
    () => true,
    (q, v) => {
      if (v instanceof ProviderValue && !providerNames.has(v)) providerNames.set(v, q);
    },
    () => {},
  );

  const originOf = (name: string | undefined, file: Label | undefined): OriginKey => {
    const k = create(OriginKeySchema, {});
    if (name !== undefined) k.name = name;
    if (file !== undefined) k.file = r.render(file);
    return k;
  };
  const providerOrigin = (p: ProviderValue): OriginKey => {
    if (p.isBuiltin) return create(OriginKeySchema, { name: p.builtinName!, file: '<native>' });
    return originOf(p.exportedName, p.exportedFrom);
  };
  const nameGroup = (refs: readonly ProviderRef[]): ProviderNameGroup => {
    const g = create(ProviderNameGroupSchema, {});
    for (const p of refs) {
      if (typeof p === 'string') {
        g.providerName.push(p);
        g.originKey.push(create(OriginKeySchema, { name: p }));
      } else {
        g.providerName.push(providerNames.get(p) ?? p.name);
        g.originKey.push(providerOrigin(p));
      }
    }
    return g;
  };

  const attribute = (name: string, a: AttrDescriptor): AttributeInfo => {
    const ai = create(AttributeInfoSchema, { name, type: attrType(name, a) });
    if (a.opts.doc !== undefined) ai.docString = a.opts.doc;
    if (a.opts.mandatory) ai.mandatory = true;
    for (const g of a.opts.providers) ai.providerNameGroup.push(nameGroup(g));
    if (!a.opts.mandatory) ai.defaultValue = r.reprWithoutLabelConstructor(a.defaultValue);
    if (!a.opts.configurable) ai.nonconfigurable = true;
    if (a.opts.nativelyDefined) ai.nativelyDefined = true;
    for (const v of a.opts.values) ai.values.push(r.reprWithoutLabelConstructor(v));
    return ai;
  };
  const attributes = (attrs: readonly (readonly [string, AttrDescriptor])[]): AttributeInfo[] =>
    attrs.filter(([n]) => isPublicName(n)).map(([n, a]) => attribute(n, a));

  const fnInfo = (qualifiedName: string, fn: StarlarkFunction): StarlarkFunctionInfo => {
    const fi = create(StarlarkFunctionInfoSchema, { functionName: qualifiedName });
    let originName: string | undefined;
    for (const [k, v] of fn.module.globals) {
      if (v === fn) {
        originName = k;
        break;
      }
    }
    fi.originKey = originOf(originName, o.labelOf(fn.module));
    const docs = new Map<string, string>();
    if (fn.doc !== undefined) {
      const { info: d, errors } = parseDocstring(trimDocString(fn.doc));
      if (errors.length > 0) {
        const loc = o.locationOf(fn);
        let msg = `Unable to generate documentation for function ${qualifiedName} (defined at ${loc}) due to malformed docstring. Parse errors:\n`;
        for (const e of errors) msg += `  ${loc} line ${e.line}: ${e.message.replace(/\n/g, ' ')}\n`;
        throw new ExtractionError(msg);
      }
      fi.docString = d.summary + (d.summary !== '' && d.longDescription !== '' ? '\n\n' : '') + d.longDescription;
      for (const p of d.params) docs.set(p.name, p.description);
      if (d.returns !== '') fi.return = create(FunctionReturnInfoSchema, { docString: d.returns });
      if (d.deprecated !== '') fi.deprecated = create(FunctionDeprecationInfoSchema, { docString: d.deprecated });
    }
    const rfn = fn.rfn;
    const names = fn.paramNames;
    const nOrdinary = names.length - rfn.numKeywordOnly - (rfn.hasVarargs ? 1 : 0) - (rfn.hasKwargs ? 1 : 0);
    const varargsIndex = rfn.hasVarargs ? nOrdinary + rfn.numKeywordOnly : -1;
    const kwargsIndex = rfn.hasKwargs ? names.length - 1 : -1;
    names.forEach((name, i) => {
      const p = create(FunctionParamInfoSchema, { name });
      if (i === varargsIndex || i === kwargsIndex) {
        const doc = docs.get((i === varargsIndex ? '*' : '**') + name);
        if (doc !== undefined) p.docString = doc;
        p.role = i === varargsIndex ? FunctionParamRole.PARAM_ROLE_VARARGS : FunctionParamRole.PARAM_ROLE_KWARGS;
      } else {
        const doc = docs.get(name);
        if (doc !== undefined) p.docString = doc;
        const d = fn.defaultValue(i);
        if (d === undefined) p.mandatory = true;
        else p.defaultValue = r.repr(d);
        p.role = i < nOrdinary ? FunctionParamRole.PARAM_ROLE_ORDINARY : FunctionParamRole.PARAM_ROLE_KEYWORD_ONLY;
      }
      fi.parameter.push(p);
    });
    return fi;
  };

  const checkNoDocComments = (q: string, what: string, where: string) => {
    const d = o.docComments.byGlobal.get(q);
    if (d && !o.allowUnusedDocComments) {
      throw new ExtractionError(
        `in ${o.absPath}: unexpected doc comment for ${q} on line ${d.startLine}; API documentation for a ${what} must be provided in ${where}`,
      );
    }
  };

  const wanted = o.symbolNames;
  traverse(
    module,
    (q) => wanted.length === 0 || wanted.includes(q),
    (q, v) => {
      if (v instanceof StarlarkFunction) {
        checkNoDocComments(q, 'function', 'a docstring at the top of the function body');
        info.funcInfo.push(fnInfo(q, v));
      } else if (v instanceof RuleClass) {
        checkNoDocComments(q, 'rule', 'the doc argument to rule()');
        const ri = create(RuleInfoSchema, {
          ruleName: q,
          docString: v.doc ?? '',
          attribute: [create(AttributeInfoSchema, IMPLICIT_RULE_NAME), ...attributes(v.attrs)],
          originKey: originOf(v.exportedName, v.exportedFrom),
          advertisedProviders: v.provides.length > 0 ? nameGroup(v.provides) : undefined,
          test: v.test,
          executable: v.executable,
        });
        info.ruleInfo.push(ri);
      } else if (v instanceof MacroValue) {
        checkNoDocComments(q, 'macro', 'the doc argument to macro()');
        info.macroInfo.push(create(MacroInfoSchema, {
          macroName: q,
          docString: v.doc ?? '',
          attribute: [...IMPLICIT_MACRO_ATTRS.map((a) => create(AttributeInfoSchema, a)), ...attributes(v.attrs)],
          originKey: originOf(v.exportedName, v.exportedFrom),
          finalizer: v.finalizer,
        }));
      } else if (v instanceof ProviderValue) {
        checkNoDocComments(q, 'provider', 'the doc argument to provider()');
        info.providerInfo.push(create(ProviderInfoSchema, {
          providerName: q,
          docString: v.doc ?? '',
          fieldInfo: (v.fields ?? [])
            .filter(([n]) => isPublicName(n))
            .map(([name, doc]) => ({ name, docString: doc ?? '' })),
          originKey: providerOrigin(v),
          init: v.init instanceof StarlarkFunction ? fnInfo(q, v.init) : undefined,
        }));
      } else if (v instanceof AspectValue) {
        checkNoDocComments(q, 'aspect', 'the doc argument to aspect()');
        info.aspectInfo.push(create(AspectInfoSchema, {
          aspectName: q,
          docString: v.doc ?? '',
          aspectAttribute: (v.attrAspects ?? []).filter(isPublicName),
          attribute: attributes(v.attrs),
          originKey: originOf(v.exportedName, v.exportedFrom),
        }));
      } else if (v instanceof RepositoryRuleValue) {
        checkNoDocComments(q, 'repository rule', 'the doc argument to repository_rule()');
        info.repositoryRuleInfo.push(create(RepositoryRuleInfoSchema, {
          ruleName: q,
          docString: v.doc ?? '',
          attribute: [create(AttributeInfoSchema, IMPLICIT_REPO_RULE_NAME), ...attributes(v.attrs)],
          environ: [...v.environ],
          originKey: originOf(v.exportedName, v.exportedFrom),
        }));
      } else if (v instanceof ModuleExtensionValue) {
        checkNoDocComments(q, 'module extension', 'the doc argument to module_extension()');
        info.moduleExtensionInfo.push(create(ModuleExtensionInfoSchema, {
          extensionName: q,
          docString: v.doc ?? '',
          tagClass: v.tagClasses.map(([tagName, t]) => ({
            tagName,
            docString: t.doc ?? '',
            attribute: attributes(t.attrs),
          })),
          originKey: originOf(undefined, v.definedIn),
        }));
      }
    },
    (q, v) => {
      const d = o.docComments.byGlobal.get(q);
      if (!d) return;
      info.starlarkOtherSymbolInfo.push(create(StarlarkOtherSymbolInfoSchema, { name: q, doc: d.text, typeName: typeName(v) }));
    },
  );
  return info;
}

/** AttributeInfoExtractor.getAttributeType, from the attr.* function that made the descriptor. */
function attrType(name: string, a: AttrDescriptor): AttributeType {
  switch (a.kind) {
    case 'int':
      return AttributeType.INT;
    case 'label':
      return AttributeType.LABEL;
    case 'string':
      return name === 'name' ? AttributeType.NAME : AttributeType.STRING;
    case 'string_list':
    case 'license':
      return AttributeType.STRING_LIST;
    case 'int_list':
      return AttributeType.INT_LIST;
    case 'label_list':
      return AttributeType.LABEL_LIST;
    case 'bool':
      return AttributeType.BOOLEAN;
    case 'label_keyed_string_dict':
      return AttributeType.LABEL_STRING_DICT;
    case 'string_dict':
      return AttributeType.STRING_DICT;
    case 'string_list_dict':
      return AttributeType.STRING_LIST_DICT;
    case 'output':
      return AttributeType.OUTPUT;
    case 'output_list':
      return AttributeType.OUTPUT_LIST;
    case 'label_list_dict':
      return AttributeType.LABEL_LIST_DICT;
    case 'string_keyed_label_dict':
      return AttributeType.LABEL_DICT_UNARY;
  }
}
