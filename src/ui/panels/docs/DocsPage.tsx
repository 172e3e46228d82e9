// A ModuleInfo rendered as a documentation page, in the shape of Stardoc's markdown output: the module
// docstring, then each rule (signature, doc, ATTRIBUTES table), macro, provider (FIELDS), function (PARAMETERS,
// RETURNS, DEPRECATED), aspect, repository rule and module extension (tag classes). React elements only;
// docstrings go through a small, safe markdown subset (paragraphs, code, lists) and stay text.

import type { ReactNode } from 'react';
import {
  docBlocks,
  inlineParts,
  loadLine,
  signature,
  typeWord,
  type AttributeInfo,
  type FunctionParamInfo,
  type ModuleInfoJson,
  type StarlarkFunctionInfo,
} from './module-info-json.ts';

export function DocText({ doc, empty }: { doc: string | undefined; empty?: string }) {
  if (!doc) return empty ? <p className="muted docs-empty">{empty}</p> : null;
  return (
    <div className="docs-text">
      {docBlocks(doc).map((b, i) =>
        b.kind === 'code' ? (
          <pre key={i} className="docs-code">
            {b.text}
          </pre>
        ) : b.kind === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ) : (
          <p key={i}>
            <Inline text={b.text} />
          </p>
        ),
      )}
    </div>
  );
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((p, i) => (p.kind === 'code' ? <code key={i}>{p.text}</code> : p.kind === 'strong' ? <strong key={i}>{p.text}</strong> : <span key={i}>{p.text}</span>))}
    </>
  );
}

function Signature({ file, name, params }: { file: string | undefined; name: string; params: readonly { name?: string; role?: string }[] }) {
  const load = loadLine(file, name);
  return (
    <pre className="docs-signature" aria-label={`Signature of ${name}`}>
      {load && `${load}\n\n`}
      {signature(name, params)}
    </pre>
  );
}

/** Opens a symbol's declaration in the editor; undefined when the page's file is not in the workspace. */
export type OpenSymbol = ((name: string) => void) | undefined;

function SymbolSection({ kind, name, open, children }: { kind: string; name: string; open?: OpenSymbol; children: ReactNode }) {
  return (
    <section className="docs-symbol" aria-label={`${kind} ${name}`}>
      <h3 className="docs-symbol-name">
        {open ? (
          <button type="button" className="docs-symbol-link" onClick={() => open(name)} aria-label={`Go to the declaration of ${name}`} title="Go to the declaration">
            <code>{name}</code>
          </button>
        ) : (
          <code>{name}</code>
        )}
        <span className="docs-symbol-kind">{kind}</span>
      </h3>
      {children}
    </section>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h4 className="docs-subheading">{children}</h4>;
}

function AttributeTable({ owner, attrs }: { owner: string; attrs: readonly AttributeInfo[] | undefined }) {
  if (!attrs?.length) return null;
  return (
    <>
      <Heading>Attributes</Heading>
      <table role="table" className="docs-table" aria-label={`Attributes of ${owner}`}>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">Name</th>
            <th role="columnheader" scope="col">Description</th>
            <th role="columnheader" scope="col">Type</th>
            <th role="columnheader" scope="col">Mandatory</th>
            <th role="columnheader" scope="col">Default</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {attrs.map((a) => (
            <tr role="row" key={a.name}>
              <th role="rowheader" scope="row">
                <code>{a.name}</code>
              </th>
              <td role="cell">
                <DocText doc={a.docString} />
                {a.values && a.values.length > 0 && (
                  <p className="muted">
                    One of: {a.values.map((v, i) => (
                      <span key={v}>
                        {i > 0 && ', '}
                        <code>{v}</code>
                      </span>
                    ))}
                  </p>
                )}
                {a.providerNameGroup && a.providerNameGroup.length > 0 && (
                  <p className="muted">
                    Required providers: {a.providerNameGroup.map((g) => (g.providerName ?? []).join(' & ')).join(' or ')}
                  </p>
                )}
              </td>
              <td role="cell" data-label="Type">
                {typeWord(a.type)}
                {a.nonconfigurable && <span className="muted"> · nonconfigurable</span>}
              </td>
              <td role="cell" data-label="Mandatory">{a.mandatory ? 'required' : 'optional'}</td>
              <td role="cell" data-label="Default">{!a.mandatory && a.defaultValue ? <code>{a.defaultValue}</code> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function ParamTable({ owner, params }: { owner: string; params: readonly FunctionParamInfo[] | undefined }) {
  if (!params?.length) return null;
  return (
    <>
      <Heading>Parameters</Heading>
      <table role="table" className="docs-table" aria-label={`Parameters of ${owner}`}>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">Name</th>
            <th role="columnheader" scope="col">Description</th>
            <th role="columnheader" scope="col">Default Value</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {params.map((p) => (
            <tr role="row" key={p.name}>
              <th role="rowheader" scope="row">
                <code>{p.role === 'PARAM_ROLE_VARARGS' ? `*${p.name}` : p.role === 'PARAM_ROLE_KWARGS' ? `**${p.name}` : p.name}</code>
              </th>
              <td role="cell">
                <DocText doc={p.docString} />
                {p.role === 'PARAM_ROLE_KEYWORD_ONLY' && <p className="muted">keyword-only</p>}
                {p.role === 'PARAM_ROLE_POSITIONAL_ONLY' && <p className="muted">positional-only</p>}
              </td>
              <td role="cell" data-label="Default">{p.defaultValue ? <code>{p.defaultValue}</code> : p.mandatory ? 'none' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function FunctionBody({ file, f, name }: { file: string | undefined; f: StarlarkFunctionInfo; name: string }) {
  return (
    <>
      <Signature file={file} name={name} params={f.parameter ?? []} />
      <DocText doc={f.docString} />
      <ParamTable owner={name} params={f.parameter} />
      {f.return?.docString && (
        <>
          <Heading>Returns</Heading>
          <DocText doc={f.return.docString} />
        </>
      )}
      {f.deprecated?.docString && (
        <>
          <Heading>Deprecated</Heading>
          <DocText doc={f.deprecated.docString} />
        </>
      )}
    </>
  );
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="docs-group" aria-label={title}>
      <h2 className="docs-group-title">{title}</h2>
      {children}
    </section>
  );
}

export function DocsPage({ info, open }: { info: ModuleInfoJson; open?: OpenSymbol }) {
  const file = info.file;
  const attrParams = (attrs: readonly AttributeInfo[] | undefined) => (attrs ?? []).map((a) => ({ name: a.name }));
  return (
    <article className="docs-page" aria-label="Documentation page">
      {info.file && (
        <p className="docs-file muted">
          <code>{info.file}</code>
        </p>
      )}
      <DocText doc={info.moduleDocstring} />
      <Group title="Rules" count={info.ruleInfo?.length ?? 0}>
        {info.ruleInfo?.map((r) => (
          <SymbolSection open={open} key={r.ruleName} kind={r.test ? 'test rule' : r.executable ? 'executable rule' : 'rule'} name={r.ruleName ?? ''}>
            <Signature file={file} name={r.ruleName ?? ''} params={attrParams(r.attribute)} />
            <DocText doc={r.docString} />
            <AttributeTable owner={r.ruleName ?? ''} attrs={r.attribute} />
            {r.advertisedProviders?.providerName && r.advertisedProviders.providerName.length > 0 && (
              <p className="muted">Provides: {r.advertisedProviders.providerName.join(', ')}</p>
            )}
          </SymbolSection>
        ))}
      </Group>
      <Group title="Macros" count={info.macroInfo?.length ?? 0}>
        {info.macroInfo?.map((m) => (
          <SymbolSection open={open} key={m.macroName} kind={m.finalizer ? 'finalizer macro' : 'macro'} name={m.macroName ?? ''}>
            <Signature file={file} name={m.macroName ?? ''} params={attrParams(m.attribute)} />
            <DocText doc={m.docString} />
            <AttributeTable owner={m.macroName ?? ''} attrs={m.attribute} />
          </SymbolSection>
        ))}
      </Group>
      <Group title="Providers" count={info.providerInfo?.length ?? 0}>
        {info.providerInfo?.map((p) => (
          <SymbolSection open={open} key={p.providerName} kind="provider" name={p.providerName ?? ''}>
            <Signature file={file} name={p.providerName ?? ''} params={p.init?.parameter ?? p.fieldInfo ?? []} />
            <DocText doc={p.docString} />
            {p.fieldInfo && p.fieldInfo.length > 0 && (
              <>
                <Heading>Fields</Heading>
                <table role="table" className="docs-table" aria-label={`Fields of ${p.providerName}`}>
                  <thead role="rowgroup">
                    <tr role="row">
                      <th role="columnheader" scope="col">Name</th>
                      <th role="columnheader" scope="col">Description</th>
                    </tr>
                  </thead>
                  <tbody role="rowgroup">
                    {p.fieldInfo.map((f) => (
                      <tr role="row" key={f.name}>
                        <th role="rowheader" scope="row">
                          <code>{f.name}</code>
                        </th>
                        <td role="cell">
                          <DocText doc={f.docString} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            {p.init && <ParamTable owner={`${p.providerName} (init)`} params={p.init.parameter} />}
          </SymbolSection>
        ))}
      </Group>
      <Group title="Functions" count={info.funcInfo?.length ?? 0}>
        {info.funcInfo?.map((f) => (
          <SymbolSection open={open} key={f.functionName} kind="function" name={f.functionName ?? ''}>
            <FunctionBody file={file} f={f} name={f.functionName ?? ''} />
          </SymbolSection>
        ))}
      </Group>
      <Group title="Aspects" count={info.aspectInfo?.length ?? 0}>
        {info.aspectInfo?.map((a) => (
          <SymbolSection open={open} key={a.aspectName} kind="aspect" name={a.aspectName ?? ''}>
            <Signature file={file} name={a.aspectName ?? ''} params={attrParams(a.attribute)} />
            <DocText doc={a.docString} />
            {a.aspectAttribute && a.aspectAttribute.length > 0 && (
              <>
                <Heading>Aspect attributes</Heading>
                <p>
                  {a.aspectAttribute.map((x, i) => (
                    <span key={x}>
                      {i > 0 && ', '}
                      <code>{x}</code>
                    </span>
                  ))}
                </p>
              </>
            )}
            <AttributeTable owner={a.aspectName ?? ''} attrs={a.attribute} />
          </SymbolSection>
        ))}
      </Group>
      <Group title="Repository rules" count={info.repositoryRuleInfo?.length ?? 0}>
        {info.repositoryRuleInfo?.map((r) => (
          <SymbolSection open={open} key={r.ruleName} kind="repository rule" name={r.ruleName ?? ''}>
            <Signature file={file} name={r.ruleName ?? ''} params={attrParams(r.attribute)} />
            <DocText doc={r.docString} />
            <AttributeTable owner={r.ruleName ?? ''} attrs={r.attribute} />
            {r.environ && r.environ.length > 0 && (
              <>
                <Heading>Environment variables</Heading>
                <ul>
                  {r.environ.map((e) => (
                    <li key={e}>
                      <code>{e}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </SymbolSection>
        ))}
      </Group>
      <Group title="Module extensions" count={info.moduleExtensionInfo?.length ?? 0}>
        {info.moduleExtensionInfo?.map((x) => (
          <SymbolSection open={open} key={x.extensionName} kind="module extension" name={x.extensionName ?? ''}>
            <pre className="docs-signature" aria-label={`Usage of ${x.extensionName}`}>
              {`${x.extensionName} = use_extension("${file ?? ''}", "${x.extensionName}")\n`}
              {(x.tagClass ?? []).map((t) => `${x.extensionName}.${t.tagName}(${(t.attribute ?? []).map((a) => a.name).join(', ')})`).join('\n')}
            </pre>
            <DocText doc={x.docString} />
            {(x.tagClass ?? []).map((t) => (
              <div key={t.tagName} className="docs-tag-class">
                <Heading>
                  Tag class <code>{t.tagName}</code>
                </Heading>
                <DocText doc={t.docString} />
                <AttributeTable owner={`${x.extensionName}.${t.tagName}`} attrs={t.attribute} />
              </div>
            ))}
          </SymbolSection>
        ))}
      </Group>
    </article>
  );
}
