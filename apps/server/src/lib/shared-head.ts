import { brotliCompressSync, constants, crc32, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_PARAMS, GZIP_LEVEL, sendJson, type Coding } from './compression.js';

/** Brotli's last, empty meta-block (ISLAST and ISLASTEMPTY set): the end of a stream. */
const BROTLI_END = Buffer.from([0b11]);

/** `bytes` as uncompressed brotli meta-blocks (RFC 7932, 9.2), each at most 65,536 bytes. */
function brotliStored(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 65_536) {
    const n = Math.min(65_536, bytes.length - at);
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1; zero padding.
    const header = Buffer.alloc(3);
    header.writeUIntLE(((n - 1) << 3) | (1 << 19), 0, 3);
    out.push(header, bytes.subarray(at, at + n));
  }
  return out;
}

/** `bytes` as stored deflate blocks (RFC 1951, 3.2.4), each at most 65,535 bytes, the last final. */
function deflateStored(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  do {
    const n = Math.min(65_535, bytes.length - at);
    const header = Buffer.alloc(5);
    header[0] = at + n >= bytes.length ? 1 : 0; // BFINAL, BTYPE 00 (stored)
    header.writeUInt16LE(n, 1);
    header.writeUInt16LE(n ^ 0xffff, 3);
    out.push(header, bytes.subarray(at, at + n));
    at += n;
  } while (at < bytes.length);
  return out;
}

/**
 * The long head of JSON answers that many requests share, each followed by a short tail of its
 * own (the weekly board: the top rows, then the caller's row). The head is compressed once per
 * coding and left open on a byte boundary (a flush, no end of stream); each answer appends its
 * tail uncompressed, as the formats allow, and ends the stream. So an answer costs no
 * compression, and its bytes are the head's compressed ones plus a few more than its tail.
 */
export class SharedHead {
  private readonly bytes: Buffer;
  private readonly open = new Map<Coding, Buffer>();
  private headCrc?: number;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
  }

  private opened(coding: Coding): Buffer {
    let out = this.open.get(coding);
    if (!out) {
      out =
        coding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: BROTLI_PARAMS,
              finishFlush: constants.BROTLI_OPERATION_FLUSH,
            })
          : gzipSync(this.bytes, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
      this.open.set(coding, out);
    }
    return out;
  }

  /** The head and `tail` as one complete `coding` stream. */
  encode(coding: Coding, tail: string): Buffer {
    const rest = Buffer.from(tail);
    if (coding === 'br') {
      return Buffer.concat([this.opened('br'), ...brotliStored(rest), BROTLI_END]);
    }
    // The gzip trailer: CRC-32 and length (mod 2^32) of everything the stream holds.
    this.headCrc ??= crc32(this.bytes);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(rest, this.headCrc), 0);
    trailer.writeUInt32LE((this.bytes.length + rest.length) >>> 0, 4);
    return Buffer.concat([this.opened('gzip'), ...deflateStored(rest), trailer]);
  }
}

/**
 * Sends `head.text + tail` as JSON (`sendJson`), compressed from the shared head.
 */
export function sendWithSharedHead(
  request: FastifyRequest,
  reply: FastifyReply,
  head: SharedHead,
  tail: string,
) {
  return sendJson(request, reply, head.text + tail, (coding) => head.encode(coding, tail));
}
