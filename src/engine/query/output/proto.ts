// --output=proto / streamed_proto / textproto / jsonproto / streamed_jsonproto: build.proto's QueryResult
// (streamed: length-delimited Targets). Placeholder until the build.proto subset is generated.
import type { Workspace } from '../../build/index.ts';
import type { OutputContext } from './context.ts';

export function makeProtoFormatter(_workspace: Workspace, _format: string) {
  return <T>(_ctx: OutputContext<T>): string | Uint8Array => {
    throw new Error('proto outputs are not implemented yet');
  };
}
