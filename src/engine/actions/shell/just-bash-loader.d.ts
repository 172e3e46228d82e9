// The part of just-bash 3.4's API that the shell adapter uses, declared here so that the engine's type-check
// never reads just-bash's own declarations (see just-bash-loader.js). Field names and shapes follow
// node_modules/just-bash/dist/{Bash,types,encoding,limits,fs/interface}.d.ts.

/** A byte buffer as just-bash passes it on stdin: opaque, opened with latin1FromBytes or decodeBytesToUtf8. */
export interface ByteString {
  readonly __justBashByteString: true;
}

export interface FsStat {
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
  mode: number;
  size: number;
}

export interface FileInit {
  content: string | Uint8Array;
  mode?: number;
  mtime?: Date;
}

export interface JustBashFs {
  readFileBuffer(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: string | Uint8Array): Promise<void>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FsStat>;
  lstat(path: string): Promise<FsStat>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  readdir(path: string): Promise<string[]>;
  resolvePath(base: string, path: string): string;
  getAllPaths(): string[];
  chmod(path: string, mode: number): Promise<void>;
  utimes(path: string, atime: Date, mtime: Date): Promise<void>;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface ExecutionLimits {
  maxCommandCount?: number;
  maxLoopIterations?: number;
  maxOutputSize?: number;
  maxExecutionTimeMs?: number;
  maxCallDepth?: number;
}

export interface CommandContext {
  fs: JustBashFs;
  cwd: string;
  env: Map<string, string>;
  stdin: ByteString;
  limits: Required<Pick<ExecutionLimits, 'maxOutputSize'>>;
  /** The bundled command that a custom command of the same name shadows. */
  origCommand?: (args: string[]) => Promise<ExecResult>;
}

export interface Command {
  name: string;
  trusted?: boolean;
  execute(args: string[], ctx: CommandContext): Promise<ExecResult>;
}

export interface BashOptions {
  fs?: JustBashFs;
  files?: Record<string, FileInit>;
  env?: Record<string, string>;
  cwd?: string;
  executionLimits?: ExecutionLimits;
  commands?: string[];
  customCommands?: Command[];
  sleep?: (ms: number) => Promise<void>;
  defenseInDepth?: boolean;
}

export interface ExecOptions {
  env?: Record<string, string>;
  replaceEnv?: boolean;
  cwd?: string;
  rawScript?: boolean;
  signal?: AbortSignalLike;
}

export interface Bash {
  readonly fs: JustBashFs;
  exec(script: string, options?: ExecOptions): Promise<ExecResult>;
}

export interface JustBashModule {
  Bash: new (options?: BashOptions) => Bash;
  InMemoryFs: new () => JustBashFs;
  latin1FromBytes(bytes: ByteString): string;
  decodeBytesToUtf8(bytes: ByteString): string;
}

export function loadJustBash(): Promise<JustBashModule>;

/** The part of an AbortSignal that just-bash reads (the engine's type-check has no DOM types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
