/** A count as an artist reads it, its thousands grouped: 1,048,576. */
export const groupedCount = (n: number): string => n.toLocaleString('en-US');

/** "1 reading", "2 readings". */
export const counted = (n: number, word: string): string => `${groupedCount(n)} ${word}${n === 1 ? '' : 's'}`;
