import { describe, expect, it } from 'vitest';
import { embedRequest, embedSnippet, embedUrl, playgroundUrl } from './embed-link.ts';
import { decodeShareFragment, encodeShareState, type ShareState } from './share-link.ts';

const state: ShareState = {
  files: { 'MODULE.bazel': '', 'pkg/BUILD': 'genrule(name = "g", outs = ["g.txt"], cmd = "echo hi > $@")\n' },
  command: 'bazel build //pkg:g',
  activePath: 'pkg/BUILD',
  panels: null,
  extras: {},
  lesson: null,
};
const encoded = encodeShareState(state);

describe('embedRequest', () => {
  it('is null for the full playground: no marker, a plain share link, an unrelated anchor, embed=0', () => {
    expect(embedRequest('', '')).toBeNull();
    expect(embedRequest('', `#${encoded}`)).toBeNull();
    expect(embedRequest('', '#readme')).toBeNull();
    expect(embedRequest('?embed=0', `#${encoded}`)).toBeNull();
    expect(embedRequest('?embedded=1', `#${encoded}`)).toBeNull();
    expect(embedRequest('', '#embedded')).toBeNull();
  });

  it('reads ?embed=1 before the fragment', () => {
    expect(embedRequest('?embed=1', `#${encoded}`)).toEqual({ fragment: encoded });
    expect(embedRequest('?embed', `#${encoded}`)).toEqual({ fragment: encoded });
    expect(embedRequest('?lang=en&embed=true', `#${encoded}`)).toEqual({ fragment: encoded });
  });

  it('reads the marker in the fragment, before or after the state', () => {
    expect(embedRequest('', `#embed&${encoded}`)).toEqual({ fragment: encoded });
    expect(embedRequest('', `#${encoded}&embed`)).toEqual({ fragment: encoded });
    expect(embedRequest('', `#embed=1&${encoded}`)).toEqual({ fragment: encoded });
    expect(decodeShareFragment(embedRequest('', `#embed&${encoded}`)!.fragment!)).toMatchObject({ ok: true, state });
  });

  it('embeds the default workspace when there is no state', () => {
    expect(embedRequest('?embed=1', '')).toEqual({ fragment: null });
    expect(embedRequest('', '#embed')).toEqual({ fragment: null });
    expect(embedRequest('', '#embed&')).toEqual({ fragment: null });
  });

  it('hands on a fragment that is not a state, so that the reader is told why it is not shown', () => {
    const request = embedRequest('?embed=1', '#rp2');
    expect(request).toEqual({ fragment: 'rp2' });
    expect(decodeShareFragment(request!.fragment!).ok).toBe(false);
    expect(embedRequest('', '#embed&rp2.%%%')).toEqual({ fragment: 'rp2.%%%' });
  });
});

describe('embed and playground URLs', () => {
  it('adds ?embed=1 to a share link, keeping its path, other parameters and state', () => {
    expect(embedUrl(`https://example.org/tools/rulepen/#${encoded}`)).toBe(`https://example.org/tools/rulepen/?embed=1#${encoded}`);
    expect(embedUrl(`https://example.org/r/?lang=en#${encoded}`)).toBe(`https://example.org/r/?lang=en&embed=1#${encoded}`);
    const url = new URL(embedUrl(`https://example.org/#${encoded}`));
    expect(embedRequest(url.search, url.hash)).toEqual({ fragment: encoded });
  });

  it('opens the full playground from either embed form, with the state as it is now', () => {
    expect(playgroundUrl('https://example.org/r/?embed=1#rp2.old', encoded)).toBe(`https://example.org/r/#${encoded}`);
    expect(playgroundUrl('https://example.org/r/#embed&rp2.old', encoded)).toBe(`https://example.org/r/#${encoded}`);
    expect(playgroundUrl('https://example.org/r/?lang=en&embed=1', encoded)).toBe(`https://example.org/r/?lang=en#${encoded}`);
    const url = new URL(playgroundUrl('https://example.org/r/?embed=1', encoded));
    expect(embedRequest(url.search, url.hash)).toBeNull();
  });

  it('writes an <iframe> snippet whose attributes are escaped', () => {
    const snippet = embedSnippet(`https://example.org/r/?a=1&b=2#${encoded}`, 'bazel build //pkg:g --define=x="<y>"');
    expect(snippet).toBe(
      `<iframe src="https://example.org/r/?a=1&amp;b=2&amp;embed=1#${encoded}" title="rulepen: bazel build //pkg:g --define=x=&quot;&lt;y&gt;&quot;" ` +
        `width="100%" height="420" style="border: 1px solid #d0d7de; border-radius: 6px" loading="lazy"></iframe>`,
    );
    expect(embedSnippet(`https://example.org/#${encoded}`, '  ')).toContain('title="rulepen: a Bazel workspace"');
  });
});
