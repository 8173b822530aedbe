import { isIP } from 'node:net';

/** Whether an address is the machine's own (127.0.0.0/8, ::1, or IPv4-mapped loopback). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/** Whether a listen host keeps the server on this machine ('localhost' included). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
