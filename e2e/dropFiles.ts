import type { JSHandle, Locator, Page } from '@playwright/test';

export interface DropFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
}

/** A DataTransfer as a file manager's drop makes it: real File objects. */
function transfer(page: Page, files: readonly DropFile[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    (files) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString('base64') })),
  );
}

/** Drops files on `zone` at `fraction` of its width (the middle unless told), as dropped from a file manager. */
export async function dropOn(page: Page, zone: Locator, files: readonly DropFile[], fraction?: number): Promise<void> {
  const dt = await transfer(page, files);
  const box = (await zone.boundingBox())!;
  const point = { clientX: box.x + (fraction ?? 0.5) * box.width, clientY: box.y + box.height / 2 };
  await zone.dispatchEvent('dragover', { dataTransfer: dt, ...point });
  await zone.dispatchEvent('drop', { dataTransfer: dt, ...point });
}
