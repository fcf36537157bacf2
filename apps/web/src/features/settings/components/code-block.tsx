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
    <div className="relative">
      <pre
        data-label={label}
        className="max-w-full overflow-x-auto rounded-xl bg-slate-900 p-4 pr-20 text-xs leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
      <div className="absolute right-2 top-2">
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
    </div>
  );
}
