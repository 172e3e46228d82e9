// The query output formats, one file each, by --output name.
import type { Workspace } from '../../loading/index.ts';
import { makeBuildFormatter } from './build.ts';
import type { OutputContext } from './context.ts';
import { formatGraph } from './graph.ts';
import { formatLabelKind } from './label-kind.ts';
import { formatLabel } from './label.ts';
import { formatLocationOutput } from './location.ts';
import { formatMaxrank } from './maxrank.ts';
import { formatMinrank } from './minrank.ts';
import { formatPackage } from './package.ts';
import { makeProtoFormatter } from './proto.ts';
import { makeXmlFormatter } from './xml.ts';

export { conditionalEdgesLimit } from './context.ts';
export type { OutputContext, OutputOptions } from './context.ts';

export type AnyFormatter = <T>(ctx: OutputContext<T>) => string | Uint8Array;

/** The formatter for an --output value (undefined when rulepen has none for it). */
export function formatterFor(format: string, workspace: Workspace): AnyFormatter | undefined {
  switch (format) {
    case 'label':
      return formatLabel;
    case 'label_kind':
      return formatLabelKind;
    case 'package':
      return formatPackage;
    case 'location':
      return formatLocationOutput;
    case 'build':
      return makeBuildFormatter(workspace);
    case 'minrank':
      return formatMinrank;
    case 'maxrank':
      return formatMaxrank;
    case 'graph':
      return formatGraph;
    case 'xml':
      return makeXmlFormatter(workspace);
    case 'proto':
    case 'streamed_proto':
    case 'textproto':
    case 'jsonproto':
    case 'streamed_jsonproto':
      return makeProtoFormatter(workspace, format);
  }
  return undefined;
}

/** Formats whose order is rank/graph order, not the result order (Sky Query forbids them). */
export const GRAPH_FORMATS: readonly string[] = ['graph', 'minrank', 'maxrank'];
