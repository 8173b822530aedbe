import type {
  ClientToServerEvents,
  ServerToClientEvents,
  WaitlistOfferMessage,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from '../../support/test-app';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A patient's browser: a real socket.io client, in its own `user:<id>` room from the handshake. */
export interface PatientSocket {
  readonly offers: WaitlistOfferMessage[];
  readonly socket: LiveClient;
}

export async function openPatientSocket(app: TestApp, token: string): Promise<PatientSocket> {
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  const opened: PatientSocket = { offers: [], socket };
  socket.on('waitlist.offer', (m) => opened.offers.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return opened;
}
