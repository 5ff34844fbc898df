import { z } from 'zod';
import { AssetIdSchema } from '../../tasks/taskRequest';
import { AssetInfoSchema } from './assets';
import { call } from '../define';

export const clipboardCalls = {
  /** Puts a stored picture on the system clipboard as a flat PNG (the studio's picture, for another app to paste). */
  'clipboard.copyAsset': call(z.object({ assetId: AssetIdSchema }), z.object({ copied: z.boolean() })),
  /**
   * The picture on the system clipboard, stored as an asset: what the app menu's Paste reads when the page's own
   * paste event carried no file. `asset` is null when the clipboard holds no picture.
   */
  'clipboard.readImage': call(z.undefined(), z.object({ asset: AssetInfoSchema.nullable() })),
};
