import { useState } from 'react';
import { ProductImage } from '@/components/ui/product-image';

/** The primary image and the additional ones; thumbnails switch the large image. */
export function ProductGallery({ images, name, category }: { images: string[]; name: string; category: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? null;
  return (
    <div>
      <ProductImage
        url={current}
        category={category}
        alt={current ? `${name}, photo ${index + 1} of ${images.length}` : name}
        sizes="(min-width: 1024px) 50vw, 100vw"
        eager
        className="aspect-[4/3] w-full rounded-xl border border-stone-200 dark:border-stone-800"
      />
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="Photos">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-pressed={i === index}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? 'border-brand-700' : 'border-transparent'}`}
              >
                <ProductImage url={url} category={category} alt="" sizes="80px" className="h-16 w-20" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
