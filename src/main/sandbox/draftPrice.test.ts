import { describe, expect, it } from 'vitest';
import { getEndpoint } from '../../shared/catalog/catalog';
import { VIDEO_DRAFT_RESOLUTION, VIDEO_FRAME_SIZES, VIDEO_RESOLUTIONS } from '../../shared/catalog/video';
import { megapixels } from '../../shared/media/imageHeader';
import { costOf } from './prices';

describe('the Sandbox prices a video draft below every final size', () => {
  it('a 5 s clip at hd costs less than at fhd, qhd or uhd', () => {
    const video = getEndpoint('gen-3-video');
    const cost = (r: (typeof VIDEO_RESOLUTIONS)[number]) => costOf(video, { inputMp: 0, outputMp: megapixels(VIDEO_FRAME_SIZES[r].width, VIDEO_FRAME_SIZES[r].height), seconds: 5 });
    const draft = cost(VIDEO_DRAFT_RESOLUTION);
    for (const r of VIDEO_RESOLUTIONS.filter((x) => x !== VIDEO_DRAFT_RESOLUTION)) expect(draft, r).toBeLessThan(cost(r));
  });
});
