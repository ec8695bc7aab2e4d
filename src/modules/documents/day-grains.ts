import { dayjs } from '../../core/clock';

/** Ranges of rows of one grain (D: days, M: months keyed by their 1st, Y: years keyed by 1 January), inclusive. */
export interface GrainRanges {
  grains: ('D' | 'M' | 'Y')[];
  lows: string[];
  highs: string[];
}

/**
 * The Czech days `first`..`last` (YYYY-MM-DD) as whole years, whole months and the days left, so a sum over
 * them reads a row per year and per month instead of one per day (Migration0042's grains); consecutive
 * pieces of one grain merged into one range.
 */
export function grainRanges(first: string, last: string): GrainRanges {
  const end = dayjs.utc(last);
  const out: GrainRanges = { grains: [], lows: [], highs: [] };
  const add = (grain: 'D' | 'M' | 'Y', low: string, high: string) => {
    const at = out.grains.length - 1;
    if (at >= 0 && out.grains[at] === grain && nextOf(grain, out.highs[at]) === low) out.highs[at] = high;
    else {
      out.grains.push(grain);
      out.lows.push(low);
      out.highs.push(high);
    }
  };
  for (let day = dayjs.utc(first); !day.isAfter(end);) {
    const key = day.format('YYYY-MM-DD');
    if (day.month() === 0 && day.date() === 1 && !day.endOf('year').startOf('day').isAfter(end)) {
      add('Y', key, key);
      day = day.add(1, 'year');
    } else if (day.date() === 1 && !day.endOf('month').startOf('day').isAfter(end)) {
      add('M', key, key);
      day = day.add(1, 'month');
    } else {
      const monthEnd = day.endOf('month').startOf('day');
      const until = monthEnd.isAfter(end) ? end : monthEnd;
      add('D', key, until.format('YYYY-MM-DD'));
      day = until.add(1, 'day');
    }
  }
  return out;
}

/** The key of the row after `key` in its grain. */
function nextOf(grain: 'D' | 'M' | 'Y', key: string): string {
  const unit = grain === 'D' ? 'day' : grain === 'M' ? 'month' : 'year';
  return dayjs.utc(key).add(1, unit).format('YYYY-MM-DD');
}
