import { describe, expect, it } from 'vitest';
import { latestWins } from './latest-wins.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latestWins', () => {
  it('sends one request at a time and only the newest of those queued', async () => {
    const sent: number[] = [];
    const answers: ReturnType<typeof deferred<string>>[] = [];
    const q = latestWins((n: number) => {
      sent.push(n);
      const d = deferred<string>();
      answers.push(d);
      return d.promise;
    });
    const a = q.request(1);
    const b = q.request(2);
    const c = q.request(3);
    expect(sent).toEqual([1]);
    expect(await b).toEqual({ status: 'superseded' });
    answers[0].resolve('one');
    // 1 was overtaken by 3 while in flight: its answer is stale.
    expect(await a).toEqual({ status: 'superseded' });
    await Promise.resolve();
    expect(sent).toEqual([1, 3]);
    answers[1].resolve('three');
    expect(await c).toEqual({ status: 'done', value: 'three' });
  });

  it('turns a rejected send into a failed outcome and keeps going', async () => {
    let calls = 0;
    const q = latestWins(async (n: number) => {
      calls++;
      if (n === 1) throw new Error('boom');
      return n * 2;
    });
    expect(await q.request(1)).toEqual({ status: 'failed', error: 'Error: boom' });
    expect(await q.request(2)).toEqual({ status: 'done', value: 4 });
    expect(calls).toBe(2);
  });

  it('abandon settles queued and in-flight requests and ignores late answers', async () => {
    const d = deferred<string>();
    const q = latestWins((_: number) => d.promise);
    const a = q.request(1);
    const b = q.request(2);
    q.abandon({ status: 'stopped' });
    expect(await a).toEqual({ status: 'stopped' });
    expect(await b).toEqual({ status: 'stopped' });
    d.resolve('late');
    const c = q.request(3);
    // A fresh request after abandon is sent again and answered.
    expect(await c).toEqual({ status: 'done', value: 'late' });
  });
});
