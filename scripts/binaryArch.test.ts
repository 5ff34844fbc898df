import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binaryArch } from './binaryArch';

function elf(machine: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
  new DataView(bytes.buffer).setUint16(18, machine, true);
  return bytes;
}
function pe(machine: number): Uint8Array {
  const bytes = new Uint8Array(256);
  const view = new DataView(bytes.buffer);
  bytes.set([0x4d, 0x5a]);
  view.setUint32(0x3c, 0x80, true);
  view.setUint32(0x80, 0x50450000);
  view.setUint16(0x84, machine, true);
  return bytes;
}
function machO(cpu: number): Uint8Array {
  const bytes = new Uint8Array(64);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xfeedfacf, true);
  view.setUint32(4, cpu, true);
  return bytes;
}
function universal(...cpus: number[]): Uint8Array {
  const bytes = new Uint8Array(128);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0xcafebabe);
  view.setUint32(4, cpus.length);
  cpus.forEach((cpu, i) => view.setUint32(8 + i * 20, cpu));
  return bytes;
}

describe('the architecture a native binary was built for', () => {
  it('reads ELF, PE and Mach-O headers', () => {
    expect(binaryArch(elf(62))).toEqual({ format: 'elf', archs: ['x64'] });
    expect(binaryArch(elf(183))).toEqual({ format: 'elf', archs: ['arm64'] });
    expect(binaryArch(elf(40))).toEqual({ format: 'elf', archs: ['other'] });
    expect(binaryArch(pe(0x8664))).toEqual({ format: 'pe', archs: ['x64'] });
    expect(binaryArch(pe(0xaa64))).toEqual({ format: 'pe', archs: ['arm64'] });
    expect(binaryArch(machO(0x01000007))).toEqual({ format: 'macho', archs: ['x64'] });
    expect(binaryArch(machO(0x0100000c))).toEqual({ format: 'macho', archs: ['arm64'] });
    expect(binaryArch(universal(0x01000007, 0x0100000c))).toEqual({ format: 'macho', archs: ['x64', 'arm64'] });
  });

  it('says nothing of what is not a binary', () => {
    expect(binaryArch(new TextEncoder().encode('#!/bin/sh\n'.padEnd(80, '#')))).toBeNull();
    expect(binaryArch(elf(62).subarray(0, 20))).toBeNull();
    expect(binaryArch(universal())).toBeNull();
  });

  it('reads the addon npm installed here as this machine’s', () => {
    const dir = join('node_modules', '@napi-rs', readdirSync(join('node_modules', '@napi-rs')).find((n) => n.startsWith('keyring-'))!);
    const addon = readdirSync(dir).find((n) => n.endsWith('.node'))!;
    expect(binaryArch(readFileSync(join(dir, addon)))?.archs).toEqual([process.arch]);
  });
});
