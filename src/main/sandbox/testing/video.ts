// Replaced when the video encoder is merged: a real MP4 as base64.
export async function sampleVideo(): Promise<string> {
  return 'AAAA';
}
