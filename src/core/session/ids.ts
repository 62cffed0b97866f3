/**
 * Entry and session ids, made as pi makes them. Entry ids are 8 lowercase hex characters,
 * checked against the ids already in the session; session ids are UUID v7 like pi 0.73.1's.
 */
import { randomBytes, randomUUID } from 'node:crypto';

const MAX_SHORT_ID_TRIES = 100;

/** A fresh 8-hex id not taken yet; after 100 collisions, a full UUID (as pi does). */
export function newEntryId(isTaken: (id: string) => boolean): string {
  for (let attempt = 0; attempt < MAX_SHORT_ID_TRIES; attempt++) {
    const id = randomUUID().slice(0, 8);
    if (!isTaken(id)) return id;
  }
  return randomUUID();
}

/** UUID v7: 48 bits of Unix milliseconds, version 7, variant 10, random rest. */
export function newSessionId(now: Date): string {
  const bytes = randomBytes(16);
  let ms = now.getTime();
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
