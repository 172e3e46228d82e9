// A one-slot request queue: at most one request in flight, and of the requests made meanwhile only the newest
// is sent. Older ones settle as 'superseded', so the UI never shows an answer to a question nobody asks anymore.

export type Outcome<T> =
  | { status: 'done'; value: T }
  | { status: 'superseded' }
  | { status: 'stopped' }
  | { status: 'failed'; error: string };

interface Waiting<A, T> {
  arg: A;
  resolve: (outcome: Outcome<T>) => void;
}

export interface LatestWins<A, T> {
  /** Queues a request; the promise never rejects. */
  request(arg: A): Promise<Outcome<T>>;
  /** Settles everything queued or in flight with `outcome` (used when the worker is terminated). */
  abandon(outcome: Outcome<T>): void;
}

export function latestWins<A, T>(send: (arg: A) => Promise<T>): LatestWins<A, T> {
  let waiting: Waiting<A, T> | null = null;
  let inFlight: Waiting<A, T> | null = null;
  // Bumped by abandon(): an answer that arrives for an abandoned request is dropped.
  let epoch = 0;

  function pump(): void {
    if (inFlight || !waiting) return;
    const current = waiting;
    waiting = null;
    inFlight = current;
    const myEpoch = epoch;
    send(current.arg).then(
      (value) => finish(myEpoch, current, waiting ? { status: 'superseded' } : { status: 'done', value }),
      (error: unknown) => finish(myEpoch, current, { status: 'failed', error: String(error) }),
    );
  }

  function finish(myEpoch: number, current: Waiting<A, T>, outcome: Outcome<T>): void {
    if (myEpoch !== epoch) return;
    inFlight = null;
    current.resolve(outcome);
    pump();
  }

  return {
    request(arg) {
      return new Promise((resolve) => {
        waiting?.resolve({ status: 'superseded' });
        waiting = { arg, resolve };
        pump();
      });
    },
    abandon(outcome) {
      epoch++;
      waiting?.resolve(outcome);
      inFlight?.resolve(outcome);
      waiting = null;
      inFlight = null;
    },
  };
}
