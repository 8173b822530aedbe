import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

const listen = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });

afterEach(() => jest.restoreAllMocks());

it('answers a port below the ephemeral range that a server can then bind', async () => {
  const port = await freePort();
  expect(port).toBeLessThan(ephemeralLow);
  expect(port).toBeGreaterThanOrEqual(1024);
  const server = await listen(port);
  await new Promise((resolve) => server.close(resolve));
});

it('passes over a port that is taken', async () => {
  const taken = await listen(await freePort());
  const takenPort = (taken.address() as net.AddressInfo).port;
  const high = ephemeralLow - 1;
  const low = Math.max(1024, high - 12_000);
  // The first pick lands on the taken port, the second anywhere else.
  const random = jest
    .spyOn(Math, 'random')
    .mockReturnValueOnce((takenPort - low + 0.5) / (high - low + 1))
    .mockReturnValueOnce(takenPort === low ? 0.9 : 0);
  try {
    const port = await freePort();
    expect(random).toHaveBeenCalledTimes(2);
    expect(port).not.toBe(takenPort);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});
