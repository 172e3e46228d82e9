// Time limits for specs that run commands in the browser's engine worker (the emulated bash is loaded on the first
// build): generous, because a busy 2-core machine running several suites makes a first build take many seconds.

/** How long a spec waits for a command's output. */
export const COMMAND_TIMEOUT = 30_000;

/** A spec's whole budget when it runs commands. */
export const SPEC_TIMEOUT = 90_000;
