/**
 * The service's public price list (docs: ../shared/spec/field-notes.md, Prices), in credits, by catalog id: the
 * first guess for a model this key has not run yet. What the service actually charged always wins over it.
 *
 * First-generation models are priced per image. Second-generation ones by megapixels: the listed "from" price
 * buys the first megapixel of output; the list gives no rate for further output or for input images, so both are
 * guessed at half the first megapixel's, which is what the one pair the list does give implies (gen-2-pro: 3 to
 * create, 4.5 to edit, i.e. about 1.5 for a one-megapixel input). Video, the tools and finetuned models are not
 * listed: their price is unknown until the service charges one.
 */
export type ListPrice =
  | { readonly kind: 'per-image'; readonly perImage: number }
  | { readonly kind: 'megapixels'; readonly firstMp: number; readonly furtherMp: number; readonly inputMp: number };

const perImage = (credits: number): ListPrice => ({ kind: 'per-image', perImage: credits });
const fromPrice = (first: number, input = first / 2): ListPrice => ({ kind: 'megapixels', firstMp: first, furtherMp: first / 2, inputMp: input });

export const PUBLIC_PRICE_LIST: Readonly<Record<string, ListPrice>> = {
  'gen-pro-1.1': perImage(4),
  'gen-dev': perImage(2.5),
  'gen-ctx-max': perImage(8),
  // "its pro sibling 4"
  'gen-ctx-pro': perImage(4),
  'gen-pro-1.0-fill': perImage(5),
  'gen-pro-1.0-expand': perImage(5),
  'gen-2-klein-4b': fromPrice(1.4),
  'gen-2-klein-9b': fromPrice(1.5),
  'gen-2-klein-9b-preview': fromPrice(1.5),
  // Listed apart for editing: 4.5 with a picture in, against 3 from words.
  'gen-2-pro': fromPrice(3, 1.5),
  'gen-2-pro-preview': fromPrice(3, 1.5),
  'gen-2-flex': fromPrice(5),
  'gen-2-max': fromPrice(7),
};

export function listPrice(endpointId: string): ListPrice | undefined {
  return PUBLIC_PRICE_LIST[endpointId];
}
