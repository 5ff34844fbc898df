import type { SandboxKeyOptions } from './api';
import { round2 } from './prices';

export const DEMO_KEY = 'sandbox-demo-key';
export const DEFAULT_CREDITS = 1000;
/** The demo key comes with two LoRAs so the `-finetuned` endpoints, the finetune list and delete_finetune can all be tried at once. */
export const DEMO_FINETUNES: readonly string[] = ['sandbox-demo-lora', 'sandbox-ink-lora'];

interface Account {
  credits: number;
  readonly finetunes: Set<string>;
}

/** API keys the sandbox accepts, each with a credit balance and its own finetunes. */
export class Accounts {
  private readonly accounts = new Map<string, Account>();

  add(key: string, options: SandboxKeyOptions = {}): void {
    this.accounts.set(key, { credits: options.credits ?? DEFAULT_CREDITS, finetunes: new Set(options.finetunes ?? []) });
  }

  has(key: string): boolean {
    return this.accounts.has(key);
  }

  credits(key: string): number | undefined {
    return this.accounts.get(key)?.credits;
  }

  /** Draws `amount` from the balance; false (and nothing drawn) when the balance does not cover it. */
  charge(key: string, amount: number): boolean {
    const account = this.accounts.get(key);
    if (!account || account.credits + 1e-9 < amount) return false;
    account.credits = round2(account.credits - amount);
    return true;
  }

  refund(key: string, amount: number): void {
    const account = this.accounts.get(key);
    if (account) account.credits = round2(account.credits + amount);
  }

  finetunes(key: string): string[] {
    return [...(this.accounts.get(key)?.finetunes ?? [])];
  }

  hasFinetune(key: string, id: string): boolean {
    return this.accounts.get(key)?.finetunes.has(id) === true;
  }

  deleteFinetune(key: string, id: string): boolean {
    return this.accounts.get(key)?.finetunes.delete(id) === true;
  }
}
