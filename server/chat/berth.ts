// The readable text of a berth prospect chat message (msg_tp_cd BERTH_PRSP): shared with the app, which shows the
// same text while a prospect waits to be sent (src/core/chat-berth.ts).
export { berthProspectText } from '../../src/core/chat-berth.ts';
