// Embed links: a share link that opens only the editor, the command line and the command's result, for an
// <iframe> in a blog post or a docs page. Two spellings, both on top of an ordinary share link:
//
//   …/rulepen/?embed=1#rp2.<payload>     the query parameter (what the Share dialog writes)
//   …/rulepen/#embed&rp2.<payload>       a marker in the fragment, for hosts where only the fragment can be edited
//
// The fragment is `&`-separated words: `embed` (or `embed=1`) marks embed mode and the word that looks like a
// share state (`rp<version>.`) is the state, in either order. base64url has no `&`, so an old link — one word,
// the state — reads exactly as before. `?embed=1` or `#embed` with no state embeds the default workspace.

import { isShareFragment } from './share-link.ts';

/** What an embed URL asks for: the share fragment (without `#` and without the marker), or null for none. */
export interface EmbedRequest {
  fragment: string | null;
}

const ON = new Set(['', '1', 'true', 'yes']);

function isEmbedWord(word: string): boolean {
  const [key, ...rest] = word.split('=');
  return key === 'embed' && ON.has(rest.join('='));
}

/** Whether the page was opened as an embed, and on which state; null for the full playground. */
export function embedRequest(search: string, hash: string): EmbedRequest | null {
  const param = new URLSearchParams(search).get('embed');
  const words = hash.replace(/^#/, '').split('&');
  const marked = words.some(isEmbedWord);
  if (!marked && (param === null || !ON.has(param))) return null;
  const state = words.find((w) => isShareFragment(w));
  // A fragment that is neither marker nor state (a damaged link) is handed on, so that the reader is told why.
  const other = words.find((w) => w !== '' && !isEmbedWord(w));
  return { fragment: state ?? other ?? null };
}

/** The embed URL for a share link (`…#rp2.…`): the same page with `?embed=1`. */
export function embedUrl(shareLink: string): string {
  const url = new URL(shareLink);
  url.searchParams.set('embed', '1');
  return url.href;
}

/** The full playground's link to a state, from the embedded page's address (without its embed marks). */
export function playgroundUrl(pageHref: string, encodedState: string): string {
  const url = new URL(pageHref);
  url.searchParams.delete('embed');
  url.hash = encodedState;
  return url.href;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The HTML to paste into a page: an <iframe> of the embed URL, as wide as its column. */
export function embedSnippet(shareLink: string, command: string): string {
  const title = `rulepen: ${command.trim() || 'a Bazel workspace'}`;
  return (
    `<iframe src="${escapeAttribute(embedUrl(shareLink))}" title="${escapeAttribute(title)}" ` +
    `width="100%" height="420" style="border: 1px solid #d0d7de; border-radius: 6px" loading="lazy"></iframe>`
  );
}
