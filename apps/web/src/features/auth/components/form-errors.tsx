import { Alert } from '@/components/ui/alert';

/** Server answers to a form (wrong code, wrong password...): shown in place, not as a redirect. */
export function FormErrors({ messages }: { messages: string[] | null }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Alert tone="error" className="mb-5">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="list-disc space-y-0.5 pl-4">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
