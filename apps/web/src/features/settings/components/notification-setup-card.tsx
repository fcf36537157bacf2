// My notification set-up: for each event of my area, whether it reaches me in-app and by email.
// Both areas' settings screens show it; the server keeps every user to their own (or a team's).
import type { NotificationSetupView } from '@vendport/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { BellIcon } from '@/components/ui/icons';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useNotificationSetup } from '../api/get-notification-setup';
import { useSaveNotificationSetup } from '../api/save-notification-setup';
import { CardQueryState } from './card-query-state';

type Choices = Record<string, { inApp: boolean; email: boolean }>;
const choicesOf = (v: NotificationSetupView): Choices =>
  Object.fromEntries(v.events.map((e) => [e.key, { inApp: e.inApp, email: e.email }]));

function SetupForm({ view }: { view: NotificationSetupView }) {
  const save = useSaveNotificationSetup();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(view));
  useEffect(() => setChoices(choicesOf(view)), [view]);
  const changed = JSON.stringify(choices) !== JSON.stringify(choicesOf(view));
  const toggle = (key: string, channel: 'inApp' | 'email') =>
    setChoices((c) => ({ ...c, [key]: { ...c[key], [channel]: !c[key][channel] } }));

  const onSave = () =>
    save.mutate(
      { userId: view.userId, preferences: choices },
      { onSuccess: toastApiResult, onError: toastApiError },
    );

  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Notification set-up">
          <thead>
            <tr className="border-b border-slate-100 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-6 py-3">
                Event
              </th>
              <th scope="col" className="w-24 px-4 py-3 text-center">
                In-app
              </th>
              <th scope="col" className="w-24 px-4 py-3 text-center">
                Email
              </th>
            </tr>
          </thead>
          <tbody>
            {view.events.map((e) => (
              <tr key={e.key} className="border-b border-slate-50 last:border-0">
                <th scope="row" className="px-6 py-3 text-left font-normal">
                  <span className="block font-medium text-slate-900">{e.label}</span>
                  <span className="block text-xs text-slate-500">{e.description}</span>
                </th>
                <td className="px-4 py-3 text-center">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 accent-brand-700"
                    aria-label={`${e.label} in-app`}
                    checked={choices[e.key]?.inApp ?? false}
                    onChange={() => toggle(e.key, 'inApp')}
                  />
                </td>
                <td className="px-4 py-3 text-center">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 accent-brand-700"
                    aria-label={`${e.label} by email`}
                    checked={choices[e.key]?.email ?? false}
                    onChange={() => toggle(e.key, 'email')}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 px-6 py-4">
        <Button
          variant="ghost"
          disabled={!changed || save.isPending}
          onClick={() => setChoices(choicesOf(view))}
        >
          Reset
        </Button>
        <Button loading={save.isPending} disabled={!changed} onClick={onSave}>
          Save notifications
        </Button>
      </div>
    </div>
  );
}

export function NotificationSetupCard() {
  const { user } = useSession();
  const setup = useNotificationSetup(user?.id ?? '');
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <BellIcon className="h-5 w-5 text-brand-700" /> My notifications
          </span>
        }
        description="Choose which events reach you in the app and by email."
      />
      <CardQueryState query={setup} what="Your notification set-up">
        {(view) => <SetupForm view={view} />}
      </CardQueryState>
    </Card>
  );
}
