// The chat-enabled services of the demo world: the default of the server's CHAT_LANES and of the app's build
// (VITE_CHAT_LANES), so that both agree unless an environment says otherwise (product.md#what-happens-when, product.md#constants).
export const DEFAULT_CHAT_LANES = 'AEX,AEM,TPX,PEX,IAX,AMX,ESA,OCX,CSX';

/** product.md#chat-enablement: chat-enabled lanes are '*' (all) or a comma list; a vessel user chats only when its lane is in it. */
export function isChatLane(chatLanes: string, laneCd: string | null | undefined): boolean {
  const lanes = chatLanes
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lanes.includes('*')) return true;
  return !!laneCd && lanes.includes(laneCd);
}
