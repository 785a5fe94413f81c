// One message of a conversation: sender and its type (Ship or Shore), the text with safe links (never HTML), the
// local time (LT), and for own messages sent / delivered / read. A berth prospect is marked as one. The sender's
// newest message that nobody has read yet offers a push alert to the other members (product.md#chat-calls push-alert).
import type { SenderType } from '../../core/contract/chat.ts';
import type { ChatMessageRow } from '../../device/db.ts';
import { formatChatTime } from '../../core/format/format-date.ts';
import { toast } from '../../ui/toast-store.ts';
import { linkify } from './linkify.ts';
import { runOp } from '../sync/use-op.ts';

const senderTypeName = (t: SenderType) => (t === 'V' ? 'Ship' : 'Shore');

function MessageText({ text }: { text: string }) {
  return (
    <p className="chat-msg__text">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function statusText(m: ChatMessageRow): string {
  if (m.status === 'pending') return 'Waiting to send';
  if (m.status === 'failed') return 'Not sent';
  return m.readCount > 0 ? 'Read' : 'Sent';
}

/** The push alert of an own message: a button while nobody has read it, then what became of the request. */
function AlertAction({ m }: { m: ChatMessageRow }) {
  if (m.alert === 'pending') return <span className="chat-msg__alert">Alert waiting</span>;
  if (m.alert === 'sent') return <span className="chat-msg__alert">Alert sent</span>;
  const ask = () =>
    void runOp('pushAlert', m.roomId, m.msgSeq).catch((err: unknown) =>
      toast.error(err instanceof Error ? err.message : 'The alert could not be asked for.'),
    );
  return (
    <button
      type="button"
      className="chat-msg__alert-button chip chip--compact"
      aria-label="Send alert to the other members about this message"
      onClick={ask}
    >
      Send alert
    </button>
  );
}

export function Message({ m, mine, canAlert }: { m: ChatMessageRow; mine: boolean; canAlert: boolean }) {
  const berth = m.msgTpCd === 'BERTH_PRSP';
  return (
    <li
      className={`chat-msg${mine ? ' chat-msg--mine' : ''}${berth ? ' chat-msg--berth' : ''}`}
      data-status={m.status}
      data-msg-seq={m.msgSeq}
    >
      <div className="chat-msg__bubble">
        {!mine && (
          <p className="chat-msg__sender">
            {m.senderNm || m.sender} <span className="chat-msg__type">{senderTypeName(m.senderType)}</span>
          </p>
        )}
        {berth && <p className="chat-msg__kind">Berth prospect</p>}
        <MessageText text={m.msgText} />
        <p className="chat-msg__meta">
          {mine && (canAlert || m.alert) && <AlertAction m={m} />}
          <time dateTime={m.creDt}>{formatChatTime(m.creDt)}</time>
          {mine && (
            <span className={`chat-msg__status chat-msg__status--${m.status}`} title={m.error}>
              {statusText(m)}
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
