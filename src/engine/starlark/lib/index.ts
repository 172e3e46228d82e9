// The Starlark library: the universe builtins, the methods of str/list/dict (registered on import), json and
// struct, and the argument unpacker for builtins defined elsewhere (the loading layer's native functions).

export { universe } from './universe.ts';
export { unpackArgs, checkType, noArgs, UNBOUND, type Param, type Signature } from './unpack.ts';
export { jsonEncode, jsonDecode, jsonIndent, BuiltinModule } from './json.ts';
export { formatString } from './str-format.ts';
export { makeProtoModule, protoEncodeText } from './proto.ts';
export { updateDict } from './dict-methods.ts';
