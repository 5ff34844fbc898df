export * from './issue';
export * from './validate';
export type { ImageProbe, VideoProbe, MediaProbes, Strictness } from './rules';
export { isHttpUrl, isMediaAddress, parseRatio } from './fieldChecks';
