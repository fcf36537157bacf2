// A code sample with a Copy button.
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { CopyIcon } from '@/components/ui/icons';

export function CodeBlock({ code, label }: { code: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(`${label} copied`);
    } catch {
      toast.error('The browser did not allow copying: select the text instead.');
    }
  };
  return (
    <div className="min-w-0 overflow-hidden rounded-xl bg-slate-900">
      <div className="flex justify-end border-b border-slate-700 px-2 py-1.5">
        <Button
          variant="secondary"
          size="sm"
          leftIcon={<CopyIcon className="h-4 w-4" />}
          onClick={copy}
          aria-label={`Copy ${label}`}
        >
          Copy
        </Button>
      </div>
      <pre
        className="max-w-full overflow-x-auto p-4 text-xs leading-relaxed text-slate-100"
        data-label={label}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
