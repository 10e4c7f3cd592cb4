import { formatMessageTime } from '@farmstand/shared';
import { productImageSrcSet } from '@farmstand/shared/constants/images';
import type { Message } from '@farmstand/shared/schemas/messages';
import { Link } from 'react-router';
import { BasketIcon } from '@/components/ui/icons';

/** One message; the product it is about (inquiries) shows as a link above the text. */
export function MessageBubble({ message, isMine, showReceipt }: { message: Message; isMine: boolean; showReceipt: boolean }) {
  return (
    <li className={`flex flex-col ${isMine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 shadow-sm sm:max-w-[70%] ${
          isMine
            ? 'rounded-br-sm bg-brand-700 text-white'
            : 'rounded-bl-sm bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-100'
        }`}
      >
        {message.product && (
          <Link
            to={`/product/${message.product.id}`}
            className={`mb-2 flex items-center gap-2 rounded-lg p-2 text-sm font-semibold underline-offset-2 hover:underline ${
              isMine ? 'bg-brand-800 text-white' : 'bg-white text-brand-800 dark:bg-stone-900 dark:text-green-300'
            }`}
          >
            {message.product.primary_image_url ? (
              <img
                src={message.product.primary_image_url}
                srcSet={productImageSrcSet(message.product.primary_image_url)}
                sizes="40px"
                width={40}
                height={40}
                alt=""
                loading="lazy"
                decoding="async"
                className="h-10 w-10 rounded object-cover"
              />
            ) : (
              <BasketIcon className="h-8 w-8 p-1" />
            )}
            <span>{message.product.name}</span>
          </Link>
        )}
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
      </div>
      <div className="mt-1 flex gap-2 px-1 text-xs text-stone-600 dark:text-stone-400">
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
        {showReceipt && (
          <span data-testid="read-receipt">
            {message.read_at ? (
              <>
                <span aria-hidden="true">✓✓ </span>Read
              </>
            ) : (
              <>
                <span aria-hidden="true">✓ </span>Sent
              </>
            )}
          </span>
        )}
      </div>
    </li>
  );
}
