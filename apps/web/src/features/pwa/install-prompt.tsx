import { INSTALL_PROMPT_DELAY_MS } from '@farmstand/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type InstallPromptEvent, markInstallOfferSeen, shouldOfferInstall } from './install-offer';

/** Appears 10 seconds after the browser offers installation (spec 01 §2, §4, §9). */
export function InstallPrompt() {
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away; we ask at a calmer moment.
      event.preventDefault();
      if (!shouldOfferInstall()) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setOffer(event as InstallPromptEvent), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => {
      markInstallOfferSeen();
      setOffer(null);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;

  const close = () => {
    markInstallOfferSeen();
    setOffer(null);
  };
  const install = async () => {
    close();
    await offer.prompt();
    await offer.userChoice.catch(() => undefined);
  };

  return (
    <section
      aria-labelledby="install-heading"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto max-w-sm rounded-xl border border-stone-200 bg-white p-4 shadow-xl md:bottom-6 md:right-6 md:left-auto dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-start gap-3">
        <img src="/icon-192.png" alt="" width={48} height={48} className="h-12 w-12 rounded-lg" />
        <div>
          <h2 id="install-heading" className="font-semibold">
            Install Farmstand
          </h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            Add Farmstand to your home screen for quick access to local producers, even on a weak connection.
          </p>
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={close}>
          Maybe Later
        </Button>
        <Button size="sm" onClick={install}>
          Install
        </Button>
      </div>
    </section>
  );
}
