// What the sync worker of a page sends and receives on its WebSocket (Playwright sees a page's sockets, not a dedicated
// worker's): a CDP session of the page attaches to each worker it starts, held at its first line until the Network
// domain is on (waitForDebuggerOnStart), so no socket opens unseen; its sockets' frames are kept with their
// direction, payload and time.
import type { Page } from '@playwright/test';

interface WorkerFrame {
  sent: boolean;
  payload: string;
  at: number;
}

export interface WorkerSockets {
  /** URLs of the sockets the workers opened. */
  urls: string[];
  frames: WorkerFrame[];
}

interface CdpMessage {
  method?: string;
  params?: { url?: string; response?: { payloadData?: string } };
}

interface Attached {
  sessionId: string;
  targetInfo: { type: string };
  waitingForDebugger: boolean;
}

export async function watchWorkerSockets(page: Page): Promise<WorkerSockets> {
  const seen: WorkerSockets = { urls: [], frames: [] };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
    const m = JSON.parse(message) as CdpMessage;
    if (m.method === 'Network.webSocketCreated') seen.urls.push(m.params?.url ?? '');
    const payload = m.params?.response?.payloadData ?? '';
    if (m.method === 'Network.webSocketFrameSent') seen.frames.push({ sent: true, payload, at: Date.now() });
    if (m.method === 'Network.webSocketFrameReceived')
      seen.frames.push({ sent: false, payload, at: Date.now() });
  });
  const tell = (sessionId: string, id: number, method: string) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo, waitingForDebugger }: Attached) => {
    void (async () => {
      if (targetInfo.type === 'worker') await tell(sessionId, 1, 'Network.enable');
      // Messages to a target are handled in order: the network is watched before its first line runs.
      if (waitingForDebugger) await tell(sessionId, 2, 'Runtime.runIfWaitingForDebugger');
    })().catch(() => undefined);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return seen;
}

/** A STOMP frame's command and headers (the payload as the socket carried it). */
export function stompFrame(payload: string): { command: string; headers: Record<string, string> } {
  const [head = ''] = payload.split('\n\n');
  const [command = '', ...lines] = head.replace(/^\n+/, '').split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at)] ??= line.slice(at + 1);
  }
  return { command, headers };
}
