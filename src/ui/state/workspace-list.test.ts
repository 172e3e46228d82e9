// The workspace list's pure operations (names, order, checks) and its in-memory storage.

import { describe, expect, it } from 'vitest';
import { linkWorkspaceName, memoryBackend, MINE_ID, nameProblem, sortWorkspaces, storageErrorText, uniqueName, type WorkspaceMeta } from './workspace-list.ts';

const meta = (id: string, name: string, updated: number): WorkspaceMeta => ({ id, name, kind: id === MINE_ID ? 'mine' : 'link', created: 0, updated });

describe('the workspace list', () => {
  it('lists the most recently used first, yours first among equals', () => {
    const list = [meta('link-a', 'A', 5), meta(MINE_ID, 'My workspace', 5), meta('link-b', 'B', 9)];
    expect(sortWorkspaces(list).map((w) => w.id)).toEqual(['link-b', MINE_ID, 'link-a']);
  });

  it('names a link after its command and keeps names unique', () => {
    expect(linkWorkspaceName('  bazel   build //app:x ')).toBe('Link: bazel build //app:x');
    expect(linkWorkspaceName('')).toBe('Shared link');
    expect(linkWorkspaceName('bazel query ' + 'x'.repeat(80))).toHaveLength(6 + 48);
    const list = [meta('a', 'Link: q', 1), meta('b', 'Link: q (2)', 1)];
    expect(uniqueName('Link: q', list)).toBe('Link: q (3)');
    expect(uniqueName('Link: q', list, 'a')).toBe('Link: q');
    expect(uniqueName('Other', list)).toBe('Other');
  });

  it('refuses empty, overlong and duplicate names', () => {
    const list = [meta('a', 'One', 1), meta('b', 'Two', 1)];
    expect(nameProblem('  ', list, 'a')).toMatch(/needs a name/);
    expect(nameProblem('x'.repeat(81), list, 'a')).toMatch(/at most 80/);
    expect(nameProblem('Two', list, 'a')).toMatch(/another workspace/);
    expect(nameProblem('One', list, 'a')).toBeNull();
  });

  it('says a full storage in words a user can act on', () => {
    expect(storageErrorText(new DOMException('full', 'QuotaExceededError'))).toMatch(/storage for this site is full \(QuotaExceededError\)/);
    expect(storageErrorText(new Error('nope'))).toMatch(/refused to store it \(Error: nope\)/);
  });

  it('stores copies in memory', async () => {
    const b = memoryBackend();
    const r = { ...meta('a', 'A', 1), state: 'rp2.x' };
    await b.put(r);
    r.name = 'changed outside';
    expect((await b.get('a'))?.name).toBe('A');
    await b.delete('a');
    expect(await b.all()).toEqual([]);
  });
});
