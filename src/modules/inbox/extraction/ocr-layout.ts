/** A word of tesseract's TSV, its box turned upright. */
interface Word {
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
}

interface OcrLine {
  words: Word[];
  x: number;
  y: number;
  bottom: number;
  cy: number;
}

/**
 * Tesseract's TSV (`tesseract img - --psm 1 tsv`) as layout text, like `pdftotext -layout`: words
 * placed in rows by their boxes, so a label column and its value column end up on one row again
 * (tesseract reads them as separate blocks). The page's orientation is the words' reading
 * direction (tesseract's OSD reads a turned page, but reports the boxes of the unturned image).
 */
export function layoutOfTsv(tsv: string): string {
  let width = 0;
  let height = 0;
  const raw: (Word & { left: number; top: number })[] = [];
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12) continue;
    const [level, , block, par, line, , left, top, w, h] = f.slice(0, 10).map(Number);
    if (level === 1) {
      width = Math.max(width, left + w);
      height = Math.max(height, top + h);
    }
    const text = f.slice(11).join('\t').trim();
    if (level !== 5 || !text) continue;
    raw.push({ key: `${block}.${par}.${line}`, left, top, x: left, y: top, w, h, text });
  }
  if (!raw.length) return '';
  const turn = orientationOf(raw);
  const words: Word[] = raw.map((r) => upright(r, turn, width, height));
  const byLine = new Map<string, Word[]>();
  for (const word of words) byLine.set(word.key, [...(byLine.get(word.key) ?? []), word]);
  const lines: OcrLine[] = [...byLine.values()].map((ws) => {
    ws.sort((a, b) => a.x - b.x);
    const y = Math.min(...ws.map((w) => w.y));
    const bottom = Math.max(...ws.map((w) => w.y + w.h));
    return { words: ws, x: ws[0].x, y, bottom, cy: (y + bottom) / 2 };
  });
  lines.sort((a, b) => a.cy - b.cy);
  const rows: OcrLine[][] = [];
  for (const line of lines) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    const tolerance = first ? Math.min(first.bottom - first.y, line.bottom - line.y) * 0.6 : 0;
    if (first && Math.abs(line.cy - first.cy) <= tolerance) row.push(line);
    else rows.push([line]);
  }
  const charWidth = median(words.map((w) => w.w / Math.max(1, w.text.length))) || 10;
  return rows
    .map((row) => {
      let out = '';
      for (const line of row.sort((a, b) => a.x - b.x)) {
        // Words far apart within one of tesseract's lines are columns too: each at its own column.
        const own = median(line.words.map((w) => w.w / Math.max(1, w.text.length))) || charWidth;
        let right = -Infinity;
        for (const word of line.words) {
          const column = Math.round(word.x / charWidth);
          const apart = word.x - right > 2.5 * own;
          const gap = out === '' ? column : apart ? Math.max(3, column - out.length) : 1;
          out += ' '.repeat(gap) + word.text;
          right = word.x + word.w;
        }
      }
      return out;
    })
    .join('\n');
}

type Turn = 0 | 90 | 180 | 270;

/** The reading direction most of the lines' consecutive words agree on. */
function orientationOf(words: (Word & { left: number; top: number })[]): Turn {
  const votes: Record<Turn, number> = { 0: 0, 90: 0, 180: 0, 270: 0 };
  for (let i = 1; i < words.length; i++) {
    if (words[i].key !== words[i - 1].key) continue;
    const dx = words[i].left - words[i - 1].left;
    const dy = words[i].top - words[i - 1].top;
    if (Math.abs(dx) >= Math.abs(dy)) votes[dx >= 0 ? 0 : 180]++;
    else votes[dy > 0 ? 90 : 270]++;
  }
  const turns: Turn[] = [0, 90, 180, 270];
  return turns.reduce((a, b) => (votes[b] > votes[a] ? b : a));
}

/** A word's box on the page turned upright (the image was turned `turn` degrees clockwise). */
function upright(word: Word & { left: number; top: number }, turn: Turn, width: number, height: number): Word {
  const { left, top, w, h } = word;
  switch (turn) {
    case 180:
      return { ...word, x: width - left - w, y: height - top - h };
    case 90:
      return { ...word, x: top, y: width - left - w, w: h, h: w };
    case 270:
      return { ...word, x: height - top - h, y: left, w: h, h: w };
    default:
      return word;
  }
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
