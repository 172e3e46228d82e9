// The moment the first view is on screen (the editor painted with its text): work the first view does not need —
// starting the engine worker and its first load — waits for it, so that on a machine with few cores it does not
// compete with the editor's start for the CPU. A fallback timer runs the work anyway should no editor ever show.

let shown = false;
const waiting: (() => void)[] = [];

/** Called once the editor has painted. */
export function markFirstView(): void {
  if (shown) return;
  shown = true;
  for (const f of waiting.splice(0)) f();
}

/** Runs `f` once the first view is on screen, or after `fallbackMillis` at the latest. */
export function afterFirstView(f: () => void, fallbackMillis = 1000): void {
  if (shown) return f();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    f();
  };
  waiting.push(run);
  const timer = setTimeout(run, fallbackMillis);
}
