import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The system's ephemeral range's first port (Linux's default when it cannot be read). */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

/** Whether `port` can be bound on `host` now (bound and released at once). */
function bindable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on `host` now, for a server that must know its port before it binds it (an
 * embedded PostgreSQL; an app whose public URL and allowed origins name it).
 *
 * Picked at random below the system's ephemeral range, never from it: the ports the system hands
 * out itself, to a `listen(0)` and as the local end of every outgoing connection, come from that
 * range, so none of them can take this port between the check and the server's own bind. (A port
 * from `listen(0)`, closed and bound again later, could be taken meanwhile by any connection the
 * process or another one opens; tests saw EADDRINUSE that way.) Only another such pick landing on
 * the same port within that window could collide: one chance in several thousand.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let tries = 0; tries < 50; tries += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await bindable(port, host)) return port;
  }
  throw new Error(`No free port found on ${host} between ${low} and ${high}`);
}
