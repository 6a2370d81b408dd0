import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_PARAMS, GZIP_LEVEL, sendJson, type Coding } from './compression.js';

/**
 * A JSON answer serialized once and compressed at most once per coding, at the levels of
 * lib/compression.ts (docs/performance.md, "Compression"). The economy's reads keep these in
 * their caches, so an answer that has not changed costs neither serializing nor compressing
 * again (docs/performance.md, Gold economy).
 */
export class EncodedAnswer {
  readonly json: string;
  private readonly coded = new Map<Coding, Buffer>();

  constructor(value: unknown) {
    this.json = JSON.stringify(value);
  }

  bytes(coding: Coding): Buffer {
    let out = this.coded.get(coding);
    if (!out) {
      out =
        coding === 'br'
          ? brotliCompressSync(this.json, { params: BROTLI_PARAMS })
          : gzipSync(this.json, { level: GZIP_LEVEL });
      this.coded.set(coding, out);
    }
    return out;
  }
}

/**
 * Sends an encoded answer (`sendJson`) with the bytes it keeps per coding.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer) {
  return sendJson(request, reply, answer.json, (coding) => answer.bytes(coding));
}

/**
 * Answers that many players share (the trader's quotes), by their JSON: the newest `max`
 * distinct ones, so the same bytes are compressed once however many ask.
 */
export class SharedAnswers {
  private readonly entries = new Map<string, EncodedAnswer>();

  constructor(private readonly max = 512) {}

  of(value: unknown): EncodedAnswer {
    const fresh = new EncodedAnswer(value);
    const known = this.entries.get(fresh.json);
    if (known) return known;
    this.entries.set(fresh.json, fresh);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return fresh;
  }
}
