import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { cardLinkProblem, pinDigest, pinProblem, readSelfCheckout, saveSelfCheckout } from '../self-checkout';

/** The farmer sets the unattended stand's message, card link and staff PIN on this device, then starts it. */
export function SelfCheckoutSetup({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const kept = readSelfCheckout(userId);
  const [message, setMessage] = useState(kept?.message ?? 'Pick what you like, then pay here. Thank you!');
  const [cardLink, setCardLink] = useState(kept?.cardLink ?? '');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; link?: string }>({});
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const found = {
          pin: kept && pin === '' ? undefined : (pinProblem(pin) ?? undefined),
          link: cardLinkProblem(cardLink) ?? undefined,
        };
        setErrors(found);
        if (found.pin || found.link) return;
        saveSelfCheckout(userId, {
          pinDigest: pin === '' && kept ? kept.pinDigest : await pinDigest(userId, pin),
          message: message.trim().slice(0, 200),
          cardLink: cardLink.trim() || null,
        });
        navigate('/stand/self');
      }}
    >
      <TextInput label="Message to shoppers" value={message} maxLength={200} onChange={(e) => setMessage(e.target.value)} />
      <TextInput
        label="Your card payment link (optional)"
        hint="Your own card reader app or payment page; Farmstand takes no payment."
        type="url"
        value={cardLink}
        error={errors.link}
        onChange={(e) => setCardLink(e.target.value)}
      />
      <TextInput
        label={kept ? 'Staff PIN (leave empty to keep the one set)' : 'Staff PIN (4 to 8 digits)'}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        error={errors.pin}
        onChange={(e) => setPin(e.target.value)}
      />
      <Button type="submit">Start self-checkout on this device</Button>
    </form>
  );
}
