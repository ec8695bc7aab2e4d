/** An ILIKE pattern matching `term` anywhere; LIKE wildcards typed by the user match literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
