import { formatCents } from '@farmstand/shared/format/money';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { Register } from '../components/register';
import { pinDigest, readSelfCheckout } from '../self-checkout';
import { useDeviceName, useStandSession } from '../use-stand';

/**
 * /stand/self: the unattended farm stand's tablet (issue 47 item 7, decision 577). Shoppers see
 * the farm's name and message, the tiles and their basket, and pay into the honour box or by the
 * farm's own card link; each sale is queued like any other (stock shared, works offline). The
 * staff tools (/stand) are behind the PIN the farmer set on this device; the site's header and
 * menus are not shown.
 */
export default function SelfCheckoutPage() {
  useDocumentTitle('Farm stand checkout');
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const { session, snapshot } = useStandSession(userId);
  const [device] = useDeviceName();
  const [settings] = useState(() => readSelfCheckout(userId));
  const [askPin, setAskPin] = useState(false);
  const { catalog } = snapshot;

  if (!settings)
    return (
      <div className="mx-auto max-w-xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">Self-checkout is not set up on this device</h1>
        <p>Set a staff PIN in Stand mode (the Sync tab, “Self-checkout”) first; the PIN keeps shoppers out of your tools.</p>
        <Link to="/stand" className={buttonClasses('primary', 'lg')}>
          Open Stand mode
        </Link>
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <header className="mb-6 flex items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{catalog?.farm.farm_name ?? 'Farm stand'}</h1>
          {settings.message && <p className="mt-1 text-lg text-stone-700 dark:text-stone-300">{settings.message}</p>}
        </div>
        <Button variant="ghost" size="sm" onClick={() => setAskPin(true)}>
          Staff
        </Button>
      </header>
      {!snapshot.loaded || !catalog ? (
        <Spinner />
      ) : (
        <Register
          catalog={catalog}
          table={snapshot.table}
          device={`${device} (self-checkout)`}
          onRecord={(action) => session.record(action)}
          savedText="Thank you! Your purchase is recorded."
          checkout={({ totalCents, pay, back }) => (
            <SelfPay totalCents={totalCents} cardLink={settings.cardLink} pay={pay} back={back} />
          )}
        />
      )}
      {askPin && <StaffPin userId={userId} digest={settings.pinDigest} onClose={() => setAskPin(false)} />}
    </div>
  );
}

function SelfPay({
  totalCents,
  cardLink,
  pay,
  back,
}: {
  totalCents: number;
  cardLink: string | null;
  pay: (tenders: { cash?: number; card?: number }) => Promise<void>;
  back: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [cardOpened, setCardOpened] = useState(false);
  const done = async (tenders: { cash?: number; card?: number }) => {
    setBusy(true);
    try {
      await pay(tenders);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="self-pay" className="mx-auto max-w-lg space-y-4">
      <h2 id="self-pay" className="text-xl font-semibold">
        Your total
      </h2>
      <p className="text-5xl font-bold tabular-nums" data-testid="stand-total">
        {formatCents(totalCents)}
      </p>
      <Button size="lg" className="w-full py-5 text-xl" isLoading={busy} onClick={() => done({ cash: totalCents })}>
        I put {formatCents(totalCents)} in the honour box
      </Button>
      {cardLink && (
        <div className="space-y-2 rounded-xl border border-stone-300 p-4 dark:border-stone-700">
          <a
            href={cardLink}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'lg', 'w-full')}
            onClick={() => setCardOpened(true)}
          >
            Pay {formatCents(totalCents)} by card (opens the farm’s payment page)
          </a>
          <Button size="lg" className="w-full" disabled={!cardOpened} isLoading={busy} onClick={() => done({ card: totalCents })}>
            I have paid by card
          </Button>
        </div>
      )}
      <Button variant="ghost" onClick={back}>
        Back to the products
      </Button>
    </section>
  );
}

function StaffPin({ userId, digest, onClose }: { userId: number; digest: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal title="Staff PIN" onClose={onClose} width="max-w-sm">
      <form
        className="mt-4 space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if ((await pinDigest(userId, pin)) === digest) navigate('/stand');
          else setError('That is not the PIN set on this device');
        }}
      >
        <TextInput
          label="PIN"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={pin}
          error={error}
          onChange={(event) => {
            setPin(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1">
            Open staff tools
          </Button>
        </div>
      </form>
    </Modal>
  );
}
