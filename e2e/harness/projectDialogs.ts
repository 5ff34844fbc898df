import type { ProjectFileDialogs } from '../../src/main/core/deps';

/**
 * The Chromium harness's stand-in for Electron's save and open dialogs for `.genstudio` files
 * (src/main/shell/projectFileOpening.ts): the core asks, in Node, and the spec (or the terminal, in the headed
 * runner) answers with a path, as the user choosing a file would. Nothing answered is a cancelled dialog.
 */
export class ScriptedProjectDialogs implements ProjectFileDialogs {
  private readonly saves: string[] = [];
  private readonly opens: string[] = [];
  /** The file names the save dialog offered, in order. */
  readonly offered: string[] = [];

  constructor(private readonly ask?: (question: 'save' | 'open', defaultName?: string) => Promise<string | null>) {}

  /** The path the next save dialog answers. */
  answerSave(path: string): void {
    this.saves.push(path);
  }

  /** The path the next open dialog answers. */
  answerOpen(path: string): void {
    this.opens.push(path);
  }

  async chooseSavePath(defaultName: string): Promise<string | null> {
    this.offered.push(defaultName);
    return this.saves.shift() ?? (this.ask ? this.ask('save', defaultName) : null);
  }

  async chooseOpenPath(): Promise<string | null> {
    return this.opens.shift() ?? (this.ask ? this.ask('open') : null);
  }
}
