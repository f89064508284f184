// The one call of `http_ece` the tests make: decrypting a push message as a browser does.

declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decrypts an aes128gcm body (RFC 8188) with the receiver's key and auth secret (RFC 8291). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
