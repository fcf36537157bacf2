// Copies a value to the clipboard, with a toast either way.
import toast from 'react-hot-toast';
import { Button } from './button';
import { CopyIcon } from './icons';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error(`Could not copy. Select the ${label.toLowerCase()} and copy it by hand.`);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={copy}
      leftIcon={<CopyIcon className="h-4 w-4" />}
      aria-label={`Copy ${label.toLowerCase()}`}
    >
      Copy
    </Button>
  );
}
