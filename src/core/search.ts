/** An ILIKE pattern matching `term` anywhere; LIKE wildcards typed by the user match literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The longest run of the term's words of two or more letters: what a trigram index can look up
 * cheaply. One-letter words ("s.r.o.", "a.s.", "a") give trigrams that nearly every company name
 * has, and reading those index entries cost more than the rest of a search. The run is a substring
 * of the term, so every match of the term matches it; the term itself is then checked on the rows
 * found. Returns the term when it has no such word.
 */
export function trigramCore(term: string): string {
  let best = '';
  let runStart = -1;
  let runEnd = -1;
  const close = () => {
    if (runStart >= 0 && runEnd - runStart > best.length) best = term.slice(runStart, runEnd);
    runStart = -1;
  };
  for (const match of term.matchAll(WORD)) {
    if (match[0].length < 2) {
      close();
      continue;
    }
    if (runStart < 0) runStart = match.index;
    runEnd = match.index + match[0].length;
  }
  close();
  return best || term;
}
