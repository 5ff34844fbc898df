import type { LibraryItem } from '../../../../shared/ipc/contract';

/**
 * A video result in the full view, at its own pixel size (the view zooms and pans the layer around it). This is
 * the one place the full view shows a video: the video player component replaces the plain element here, with
 * the same props.
 */
export function ResultVideo({ item, width, height }: { readonly item: LibraryItem; readonly width: number; readonly height: number }) {
  return <video src={item.url} controls className="full-media" style={{ width, height }} aria-label={`Video, ${item.seconds ?? '?'} seconds`} />;
}
