import { createRequire } from 'node:module';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Where the hub writes one stream's frames: small, so that thousands of them stay cheap. */
export interface StreamSink {
  write(text: string): void;
  /** Ends the stream cleanly (the client sees the body end and reconnects). */
  end(): void;
  /** Cuts the connection (a client that stopped reading). */
  destroy(): void;
  /** Bytes written but not yet taken by the kernel. */
  readonly buffered: number;
  readonly done: boolean;
  /** Called once when the connection closes, whoever closed it. */
  onClose(listener: () => void): void;
}

type FreeParser = (parser: unknown, req: unknown, socket: unknown) => void;
interface HttpSocket extends Socket {
  parser?: { _consumed?: boolean; unconsume(): void; finish(): void } | null;
}

/**
 * Node's own release of a connection's HTTP parser, the step its server takes when a connection
 * is upgraded (e.g. to a WebSocket). It sits in Node's legacy `_http_common` module; should a
 * later Node drop it, streams simply keep their HTTP objects (the response sink below).
 */
const freeParser = ((): FreeParser | null => {
  try {
    const common = createRequire(import.meta.url)('_http_common') as { freeParser?: FreeParser };
    return typeof common.freeParser === 'function' ? common.freeParser : null;
  } catch {
    return null;
  }
})();

/** The listeners Node's HTTP server puts on a connection's socket (names as Node sets them). */
const SERVER_LISTENER =
  /^(bound )?(socketOn(Data|End|Close|Drain|Error|Timeout))$|^onSocket(Resume|Pause)$/;
const EVENTS = ['data', 'end', 'close', 'drain', 'error', 'timeout', 'resume', 'pause'] as const;

/** A sink on the response itself: what `app.inject` gets, and the fallback. */
function responseSink(res: ServerResponse): StreamSink {
  return {
    write: (text) => void res.write(text),
    end: () => void (res.writableEnded || res.end()),
    destroy: () => void res.destroy(),
    get buffered() {
      return res.writableLength;
    },
    get done() {
      return res.writableEnded || res.destroyed;
    },
    onClose(listener) {
      res.once('close', listener);
      // A write racing a client's disconnect must not become an uncaught error.
      res.on('error', () => undefined);
    },
  };
}

/**
 * Takes a stream's connection over from Node's HTTP server once its head is written
 * (docs/decisions/0010-push-stream-memory.md): the parser goes back to Node's pool, the
 * request and response objects are let go, and frames are written on the socket in the
 * response's own transfer encoding. An open stream then costs its socket and the hub's record,
 * about 4 KB less than with the HTTP objects kept. A connection that is not a plain Node socket
 * with its parser (e.g. `app.inject`) keeps its response.
 */
export function takeOverStream(res: ServerResponse): StreamSink {
  const socket = res.socket as HttpSocket | null;
  const parser = socket?.parser;
  if (!freeParser || !socket || !parser) return responseSink(res);
  res.flushHeaders();
  if (res.writableLength > 0) return responseSink(res);
  const chunked = (res as ServerResponse & { chunkedEncoding?: boolean }).chunkedEncoding === true;
  for (const event of EVENTS)
    for (const listener of socket.listeners(event))
      if (SERVER_LISTENER.test(listener.name))
        socket.removeListener(event, listener as (...args: unknown[]) => void);
  if (parser._consumed) parser.unconsume();
  parser.finish();
  freeParser(parser, res.req, socket);
  res.detachSocket(socket);
  socket.setTimeout(0);
  let done = false;
  const closed = () => {
    done = true;
  };
  socket.on('error', closed);
  socket.once('close', closed);
  // The client's end of the connection: read (and drop) what it sends, and close when it ends.
  socket.on('data', () => undefined);
  socket.once('end', () => socket.destroy());
  socket.resume();
  return {
    write(text) {
      if (done) return;
      socket.write(chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : text);
    },
    end() {
      if (done) return;
      done = true;
      if (chunked) socket.end('0\r\n\r\n');
      else socket.end();
    },
    destroy() {
      done = true;
      socket.destroy();
    },
    get buffered() {
      return socket.writableLength;
    },
    get done() {
      return done || socket.destroyed;
    },
    onClose(listener) {
      socket.once('close', listener);
    },
  };
}
