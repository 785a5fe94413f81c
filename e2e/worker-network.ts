// What the sync worker of a page sends and receives on its WebSocket (Playwright sees a page's sockets, not a dedicated
// worker's): each worker is attached through the browser's CDP session as it starts, with the Network domain on, and
// its sockets' frames are kept with their direction, payload and time.
import type { Browser, Page } from '@playwright/test';

export interface WorkerFrame {
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

export async function watchWorkerSockets(browser: Browser, page: Page): Promise<WorkerSockets> {
  const seen: WorkerSockets = { urls: [], frames: [] };
  const attached = new Set<string>();
  const cdp = await browser.newBrowserCDPSession();
  cdp.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
    const m = JSON.parse(message) as CdpMessage;
    if (m.method === 'Network.webSocketCreated') seen.urls.push(m.params?.url ?? '');
    const payload = m.params?.response?.payloadData ?? '';
    if (m.method === 'Network.webSocketFrameSent') seen.frames.push({ sent: true, payload, at: Date.now() });
    if (m.method === 'Network.webSocketFrameReceived')
      seen.frames.push({ sent: false, payload, at: Date.now() });
  });
  const attach = async () => {
    const { targetInfos } = await cdp.send('Target.getTargets');
    for (const t of targetInfos) {
      if (t.type !== 'worker' || attached.has(t.targetId)) continue;
      attached.add(t.targetId);
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
      await cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: 1, method: 'Network.enable' }),
      });
    }
  };
  page.on('worker', () => void attach().catch(() => undefined));
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
