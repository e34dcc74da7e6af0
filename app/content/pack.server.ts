// The compiled content on disk: one pack file per build. Records (the site's
// shell, the search index, one per page) are JSON, or bytes (the search
// index's blocks of postings), written one after another;
// an index of where each lies comes last, and a fixed-size trailer points at
// the index. A server reads the trailer and the index at start and each record
// on demand with a positioned read from a file descriptor it keeps open, so a
// deploy that renames a new pack over the old one leaves the running server
// reading its own (the old inode lives while the descriptor is open).
// See docs/decisions/029-content-store.md.
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { crc32 } from "node:zlib";

const MAGIC = "SMRPACK1";
/** Index offset (8 bytes), index length (4), index CRC-32 (4), magic (8). */
const TRAILER_BYTES = 24;
/** The index is read whole at start into a small heap: past this the build fails instead. */
export const MAX_INDEX_BYTES = 24 * 1024 * 1024;

/** Where a record lies: byte offset, length, CRC-32 of its bytes. */
export type RecordRef = [offset: number, length: number, crc: number];

export class PackError extends Error {
  constructor(file: string, reason: string) {
    super(`compiled content at ${file} ${reason}: run "npm run build" again`);
    this.name = "PackError";
  }
}

/** The buffer a run kept in a file is copied through. */
const COPY_BYTES = 4 * 1024 * 1024;

/** A record as the pack stores it (JSON, or bytes as they are), and its place relative to `offset`. */
function encodeRecord(value: unknown, offset: number): { bytes: Buffer; ref: RecordRef } {
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value), "utf8");
  return { bytes, ref: [offset, bytes.length, crc32(bytes)] };
}

/**
 * Records laid end to end in memory, their places counted from the run's
 * first byte: a run is written into a pack whole (`PackWriter.append`) and
 * can be kept, as bytes, for the next build.
 */
export class RecordRun {
  private readonly parts: Buffer[] = [];
  private length = 0;

  /** Adds `value` as JSON, or a Buffer as its bytes (read back with PackReader.bytes). */
  add(value: unknown): RecordRef {
    const { bytes, ref } = encodeRecord(value, this.length);
    this.push(bytes);
    return ref;
  }

  /**
   * Adds a list of records that a reader reads one at a time
   * (PackReader.list): a table, then each value as a record of its own
   * (JSON, or a Buffer's bytes). Returns where the table lies, and the
   * length of the longest record.
   */
  addList(values: unknown[]): { table: RecordRef; longest: number } {
    const records = values.map((value) => encodeRecord(value, 0));
    const table = new Uint32Array(1 + LIST_ENTRY * records.length);
    table[0] = records.length;
    let at = table.byteLength;
    records.forEach(({ ref: [, length, crc] }, n) => {
      table.set([at, length, crc], 1 + LIST_ENTRY * n);
      at += length;
    });
    const ref = this.add(Buffer.from(table.buffer));
    for (const { bytes } of records) this.push(bytes);
    return { table: ref, longest: records.reduce((most, { bytes }) => Math.max(most, bytes.length), 0) };
  }

  bytes(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }

  private push(bytes: Buffer): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }
}

// A list's table is 32-bit little-endian integers (the byte order of every
// platform Node runs on here): the record count, then for each record its
// place counted from the table's first byte, its length and its CRC-32.
const LIST_ENTRY = 3;

/** A list of records in a pack (RecordRun.addList), read one record at a time, each checked. */
export class RecordList {
  constructor(
    private readonly reader: PackReader<unknown>,
    private readonly start: number,
    private readonly table: Uint32Array,
  ) {}

  get length(): number {
    return this.table[0]!;
  }

  /** Record `n`, parsed; undefined past the end. */
  item<T>(n: number): T | undefined {
    const ref = this.ref(n);
    return ref && this.reader.record<T>(ref);
  }

  /** Record `n` as bytes (a list of Buffers); an empty buffer past the end. */
  bytesOf(n: number): Buffer {
    const ref = this.ref(n);
    return ref ? this.reader.bytes(ref) : Buffer.alloc(0);
  }

  /** Where record `n` lies in the pack; undefined past the end. */
  ref(n: number): RecordRef | undefined {
    if (!(n >= 0 && n < this.length)) return undefined;
    const at = 1 + LIST_ENTRY * n;
    return [this.start + this.table[at]!, this.table[at + 1]!, this.table[at + 2]!];
  }
}

/** `ref`, counted from `base` instead of its run's first byte. */
export function shiftedRef([offset, length, crc]: RecordRef, base: number): RecordRef {
  return [offset + base, length, crc];
}

/** Writes a pack record by record into `file`.tmp, then renames it into place (readers never see half a file). */
export class PackWriter<Index> {
  private readonly fd: number;
  private offset = 0;

  constructor(private readonly file: string) {
    this.fd = openSync(`${file}.tmp`, "w");
  }

  /** Appends one record and returns where it lies. */
  add(value: unknown): RecordRef {
    const { bytes, ref } = encodeRecord(value, this.offset);
    this.write(bytes);
    return ref;
  }

  /**
   * Appends a run of records (`RecordRun.bytes()`, or a file holding them)
   * and returns where it starts. A file is copied through one small buffer:
   * reading each run whole cost more than writing it.
   */
  append(run: Buffer | { file: string; length: number }): number {
    const start = this.offset;
    if (Buffer.isBuffer(run)) {
      this.write(run);
      return start;
    }
    const fd = openSync(run.file, "r");
    try {
      const buffer = Buffer.allocUnsafe(Math.min(COPY_BYTES, run.length));
      let copied = 0;
      while (copied < run.length) {
        const n = readSync(fd, buffer, 0, Math.min(buffer.length, run.length - copied), copied);
        if (n === 0) throw new PackError(run.file, `ended after ${copied} of ${run.length} bytes`);
        this.write(buffer.subarray(0, n));
        copied += n;
      }
    } finally {
      closeSync(fd);
    }
    return start;
  }

  /** Stops writing and removes the unfinished file: a build that fails leaves no half pack behind. */
  abandon(): void {
    closeSync(this.fd);
    rmSync(`${this.file}.tmp`, { force: true });
  }

  /** Writes the index and the trailer, and moves the file into place. Returns the file's size. */
  finish(index: Index): number {
    const bytes = Buffer.from(JSON.stringify(index), "utf8");
    if (bytes.length > MAX_INDEX_BYTES) {
      closeSync(this.fd);
      throw new Error(
        `the content's index is ${Math.round(bytes.length / 1048576)} MB, more than the ${MAX_INDEX_BYTES / 1048576} MB a server reads at start (fewer pages or versions per build)`,
      );
    }
    const trailer = Buffer.alloc(TRAILER_BYTES);
    trailer.writeBigUInt64LE(BigInt(this.offset), 0);
    trailer.writeUInt32LE(bytes.length, 8);
    trailer.writeUInt32LE(crc32(bytes), 12);
    trailer.write(MAGIC, 16, "latin1");
    this.write(bytes);
    this.write(trailer);
    closeSync(this.fd);
    renameSync(`${this.file}.tmp`, this.file);
    return this.offset;
  }

  private write(bytes: Buffer) {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.offset + done);
    this.offset += bytes.length;
  }
}

/** A pack opened for reading: its index, and records read on demand. */
export class PackReader<Index> {
  readonly index: Index;
  /** The open file's descriptor: threads of this process share it (see `borrowed`). */
  readonly descriptor: number;
  private readonly owned: boolean;

  /**
   * Opens `file` and reads its index; a missing, truncated or corrupt file
   * throws a PackError now, not later. With `borrowed`, reads through a
   * descriptor another reader of this process opened (another thread's), whose
   * index it already read: it never closes it.
   */
  constructor(
    private readonly file: string,
    borrowed?: { descriptor: number; index: Index },
  ) {
    this.owned = !borrowed;
    if (borrowed) {
      this.descriptor = borrowed.descriptor;
      this.index = borrowed.index;
      return;
    }
    try {
      this.descriptor = openSync(file, "r");
    } catch (error) {
      throw new PackError(file, `cannot be opened (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    try {
      const size = fstatSync(this.descriptor).size;
      if (size < TRAILER_BYTES) throw new PackError(file, "is truncated");
      const trailer = this.read(size - TRAILER_BYTES, TRAILER_BYTES);
      if (trailer.toString("latin1", 16) !== MAGIC) throw new PackError(file, "is truncated or not a content pack");
      const offset = Number(trailer.readBigUInt64LE(0));
      const length = trailer.readUInt32LE(8);
      if (offset + length + TRAILER_BYTES !== size) throw new PackError(file, "is truncated or corrupt");
      const bytes = this.read(offset, length);
      if (crc32(bytes) !== trailer.readUInt32LE(12)) throw new PackError(file, "has a corrupt index");
      this.index = JSON.parse(bytes.toString("utf8")) as Index;
    } catch (error) {
      closeSync(this.descriptor);
      throw error instanceof PackError ? error : new PackError(file, `is unreadable (${(error as Error).message})`);
    }
  }

  /** The record at `ref`, parsed; a PackError when its bytes do not match what the build wrote. */
  record<T>(ref: RecordRef): T {
    return JSON.parse(this.bytes(ref).toString("utf8")) as T;
  }

  /** The record at `ref` as bytes; a PackError when they do not match what the build wrote. */
  bytes(ref: RecordRef): Buffer {
    const [offset, length, crc] = ref;
    const bytes = this.read(offset, length);
    if (bytes.length !== length || crc32(bytes) !== crc) throw new PackError(this.file, `has a corrupt record at byte ${offset}`);
    return bytes;
  }

  /** The list whose table is at `ref` (RecordRun.addList). */
  list(ref: RecordRef): RecordList {
    // Copied out: the table is read as integers, which need an aligned buffer of their own.
    const table = new Uint32Array(new Uint8Array(this.bytes(ref)).buffer);
    if (table.length !== 1 + LIST_ENTRY * (table[0] ?? -1)) throw new PackError(this.file, `has a malformed list at byte ${ref[0]}`);
    return new RecordList(this as PackReader<unknown>, ref[0], table);
  }

  close(): void {
    if (this.owned) closeSync(this.descriptor);
  }

  private read(offset: number, length: number): Buffer {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.descriptor, buffer, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    return done === length ? buffer : buffer.subarray(0, done);
  }
}
