// "Waiting to send" beside something the user changed that the outbox still holds (architecture.md#nothing-expires-silently).
export function PendingMarker({ id, as: Tag = 'span' }: { id?: string; as?: 'span' | 'p' }) {
  return (
    <Tag id={id} className="pending-marker">
      <svg className="pending-marker__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm-1 3v6l5 3 1-1.7-4-2.4V7h-2Z" />
      </svg>
      Waiting to send
    </Tag>
  );
}
