/** Files the renderer may load by address: stored assets, their previews, library results. */
export interface MediaFile {
  readonly file: string;
  readonly mime: string;
}

export type MediaResolver = (id: string) => Promise<MediaFile | undefined>;

/**
 * Maps `kind/id` addresses to files on disk. Each store registers its own kind, so the Electron protocol
 * handler and the browser harness serve the same files from one place and nothing outside the stores.
 */
export class MediaRegistry {
  private readonly resolvers = new Map<string, MediaResolver>();

  constructor(private readonly base: string) {}

  register(kind: string, resolver: MediaResolver): void {
    this.resolvers.set(kind, resolver);
  }

  url(kind: string, id: string): string {
    return `${this.base}${kind}/${encodeURIComponent(id)}`;
  }

  /** Resolves `kind/id`; anything else (other kinds, `..`, extra segments) is not found. */
  async resolve(path: string): Promise<MediaFile | undefined> {
    const m = /^([a-z-]+)\/([A-Za-z0-9._-]+)$/.exec(path);
    if (!m || m[2]!.includes('..')) return undefined;
    return this.resolvers.get(m[1]!)?.(m[2]!);
  }
}
