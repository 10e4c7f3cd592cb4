import { DOCUMENT_ACCEPT, DOCUMENT_TEXTS, MAX_DOCUMENT_BYTES } from '@farmstand/shared/schemas/certification-documents';
import type { OwnCertification } from '@farmstand/shared/schemas/producers';
import { useId, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { DocumentLink } from '@/components/ui/document-link';
import { errorMessage } from '@/lib/api';
import { useDeleteCertificationDocument, useUploadCertificationDocument } from '../api';

/** Attach, view, replace or remove the document of one certification. */
export function CertificationDocument({ cert, name }: { cert: OwnCertification; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadCertificationDocument(cert.id);
  const remove = useDeleteCertificationDocument(cert.id);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The same checks as the server, before sending 5 MB for nothing; the server still sniffs the content.
    if (file.size > MAX_DOCUMENT_BYTES) toast.error(DOCUMENT_TEXTS.tooLarge);
    else
      upload.mutate(file, {
        onSuccess: () => toast.success(DOCUMENT_TEXTS.uploaded),
        onError: (error) => toast.error(errorMessage(error, DOCUMENT_TEXTS.uploadFailed)),
      });
    if (input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-stone-200 pt-2 text-sm dark:border-stone-800">
      <span className="font-medium text-stone-600 dark:text-stone-300">Document:</span>
      {cert.document_url ? (
        <DocumentLink url={cert.document_url} accessibleName={`View document of ${name}`} />
      ) : (
        <span className="text-stone-600 dark:text-stone-400">none attached</span>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        aria-label={`${cert.document_url ? 'Replace' : 'Attach'} document for ${name}`}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      <Button variant="secondary" size="sm" isLoading={upload.isPending} onClick={() => input.current?.click()}>
        {cert.document_url ? 'Replace' : 'Attach document'}
      </Button>
      {cert.document_url && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove document of ${name}`}
          isLoading={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => toast.success(DOCUMENT_TEXTS.removed),
              onError: (error) => toast.error(errorMessage(error, DOCUMENT_TEXTS.removeFailed)),
            })
          }
        >
          Remove
        </Button>
      )}
      <span className="basis-full text-xs text-stone-600 dark:text-stone-400">
        PDF, JPEG or PNG, up to 5 MB. Only you and the Farmstand admins can see it.
      </span>
    </div>
  );
}
