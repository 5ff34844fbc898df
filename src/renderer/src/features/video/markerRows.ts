/** Marker width and row height in pixels (timeline.css): close keyframes go to a second or third row. */
const MARKER_WIDTH = 60;
export const ROW_HEIGHT = 70;
const MAX_ROWS = 3;

/** Each keyframe's row, greedily: the first row where it does not cover the one before it. */
export function markerRows(frames: readonly number[], last: number, trackWidth: number): number[] {
  const ends: number[] = [];
  return frames.map((frame) => {
    const x = (Math.min(frame, last) / Math.max(1, last)) * trackWidth;
    let row = ends.findIndex((end) => x - end >= MARKER_WIDTH);
    if (row === -1) row = ends.length < MAX_ROWS ? ends.length : ends.indexOf(Math.min(...ends));
    ends[row] = x;
    return row;
  });
}
