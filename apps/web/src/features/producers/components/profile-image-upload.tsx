import { productImageSrcSet } from '@farmstand/shared/constants/images';
import type { OwnProducerProfile } from '@farmstand/shared/schemas/producers';
import toast from 'react-hot-toast';
import { ImagePicker } from '@/components/ui/image-picker';
import { errorMessage } from '@/lib/api';
import { useUploadProfileImage } from '../api';
import { PRODUCER_TEXTS } from '../texts';

/** The farm's picture, shown on the public page and the map popup. */
export function ProfileImageUpload({ profile }: { profile: OwnProducerProfile }) {
  const upload = useUploadProfileImage();
  return (
    <div className="flex items-center gap-4">
      <FarmAvatar name={profile.farm_name} url={profile.profile_image_url} className="h-20 w-20" eager />
      <div>
        <p className="text-sm font-medium text-stone-800 dark:text-stone-200">Farm photo</p>
        <p className="mb-2 text-xs text-stone-600 dark:text-stone-400">JPG, PNG or WebP, up to 5 MB.</p>
        <ImagePicker
          label={profile.profile_image_url ? 'Change photo' : 'Upload photo'}
          isBusy={upload.isPending}
          onFile={(file) =>
            upload.mutate(file, {
              onSuccess: () => toast.success(PRODUCER_TEXTS.imageUploaded),
              onError: (error) => toast.error(errorMessage(error, PRODUCER_TEXTS.imageUploadFailed)),
            })
          }
        />
      </div>
    </div>
  );
}

/** The farm's photo, or its initials on a green disc. */
export function FarmAvatar({
  name,
  url,
  className = '',
  sizes = '80px',
  eager = false,
}: {
  name: string;
  url: string | null;
  className?: string;
  /** The shown width (CSS px) for the srcset: the 96 or 192 px file, not a picture-sized one. */
  sizes?: string;
  /** The first picture on screen (the farm page's header): fetched at once with high priority; else lazy. */
  eager?: boolean;
}) {
  if (url) {
    return (
      <img
        src={url}
        srcSet={productImageSrcSet(url)}
        sizes={sizes}
        width={96}
        height={96}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        alt=""
        className={`shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-stone-800 ${className}`}
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <div
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white ring-2 ring-white dark:bg-green-800 dark:ring-stone-800 ${className}`}
    >
      {initials}
    </div>
  );
}
