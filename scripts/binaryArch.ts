/**
 * The processor a native binary was built for, read from its header: ELF (Linux `.node`, `.so`), PE (Windows
 * `.node`, `.dll`) and Mach-O (macOS `.node`, `.dylib`, thin or universal). Written by hand because the answer is
 * three fixed fields of the formats' headers, and the packages that parse these formats whole (one per format)
 * would be three dependencies for it. Used by scripts/packagedNatives.ts to prove each packaged app carries
 * its own architecture's code.
 */

export type BinaryArch = 'x64' | 'arm64' | 'other';
export interface BinaryInfo {
  readonly format: 'elf' | 'pe' | 'macho';
  /** A universal Mach-O lists several. */
  readonly archs: readonly BinaryArch[];
}

const ELF_MACHINE: Record<number, BinaryArch> = { 62: 'x64', 183: 'arm64' };
const PE_MACHINE: Record<number, BinaryArch> = { 0x8664: 'x64', 0xaa64: 'arm64' };
const MACHO_CPU: Record<number, BinaryArch> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

/** null when the bytes are none of the three formats (a text file, a truncated binary). */
export function binaryArch(bytes: Uint8Array): BinaryInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 64) return null;
  // ELF: e_machine at 18, in the byte order EI_DATA (byte 5) names.
  if (view.getUint32(0) === 0x7f454c46) {
    const machine = view.getUint16(18, bytes[5] === 1);
    return { format: 'elf', archs: [ELF_MACHINE[machine] ?? 'other'] };
  }
  // PE: "MZ", the PE header's offset at 0x3c, then "PE\0\0" and the machine.
  if (bytes[0] === 0x4d && bytes[1] === 0x5a) {
    const pe = view.getUint32(0x3c, true);
    if (pe + 6 > bytes.length || view.getUint32(pe) !== 0x50450000) return null;
    return { format: 'pe', archs: [PE_MACHINE[view.getUint16(pe + 4, true)] ?? 'other'] };
  }
  // Mach-O 64-bit, little-endian (what both Apple architectures run): cputype follows the magic.
  if (view.getUint32(0, true) === 0xfeedfacf) return { format: 'macho', archs: [MACHO_CPU[view.getUint32(4, true)] ?? 'other'] };
  // Universal: big-endian count, then 20-byte entries whose first field is the cputype.
  if (view.getUint32(0) === 0xcafebabe) {
    const count = view.getUint32(4);
    if (count === 0 || count > 16 || 8 + count * 20 > bytes.length) return null; // 0xcafebabe is also a Java class
    const archs = Array.from({ length: count }, (_, i) => MACHO_CPU[view.getUint32(8 + i * 20)] ?? 'other');
    return { format: 'macho', archs };
  }
  return null;
}
