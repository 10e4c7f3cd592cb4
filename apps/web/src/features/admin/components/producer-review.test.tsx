import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toastSuccess = vi.fn();
vi.mock('react-hot-toast', () => ({ default: Object.assign(vi.fn(), { success: toastSuccess, error: vi.fn() }) }));

const put = vi.fn();
const details = {
  id: 7,
  farm_name: 'Hill Farm',
  email: 'hill@example.com',
  phone: null,
  description: null,
  address: '1 Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  delivery_available: false,
  delivery_radius: null,
  verification_status: 'more_info',
  verification_notes: 'Please upload a photo of your certificate.',
  created_at: '2026-11-01T00:00:00.000Z',
  readiness: 'ready',
  requirements: { cottage_food_license: true, business_license: true, identity_verification: true },
  verification_history: [],
};
const cert = (id: number, status: string) => ({
  id,
  type: 'organic_certified',
  certification_name: null,
  producer_id: 7,
  farm_name: 'Hill Farm',
  producer_email: 'hill@example.com',
  issuing_authority: null,
  certification_number: null,
  issue_date: null,
  expiry_date: null,
  document_url: null,
  verified: status === 'verified',
  status,
  notes: null,
  expires_soon: false,
});
let readiness = 'ready';
/** Set to make every later read hang, like a refresh of the admin lists on a slow connection. */
let readsHang = false;
vi.mock('@/lib/api', () => ({
  api: {
    get: (path: string) =>
      readsHang
        ? new Promise(() => {})
        : Promise.resolve(
            path === '/admin/settings'
              ? { settings: {} }
              : path.endsWith('/details')
                ? { ...details, readiness }
                : { certifications: [cert(1, 'verified'), cert(2, 'rejected'), cert(3, 'expired')] },
          ),
    put: (...args: unknown[]) => put(...args),
  },
  errorMessage: (_: unknown, fallback: string) => fallback,
}));

const { ProducerReview } = await import('./producer-review');

/** Like the verification tab: a decided application leaves the list, so the panel unmounts at once. */
function Host() {
  const [open, setOpen] = useState(true);
  return open ? <ProducerReview producerId={7} onDecided={() => setOpen(false)} /> : <p>closed</p>;
}
const renderHost = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <Host />
      </QueryClientProvider>
    </MemoryRouter>,
  );

// jsdom has no matchMedia; the panel asks it whether to scroll itself into view.
window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;

beforeEach(() => {
  cleanup();
  put.mockReset().mockResolvedValue({ message: 'Producer approved' });
  toastSuccess.mockReset();
  readiness = 'ready';
  readsHang = false;
});

describe('producer review', () => {
  it('each decision starts with an empty note, and approving sends no earlier note', async () => {
    renderHost();
    const notes = (await screen.findByLabelText('Notes')) as HTMLTextAreaElement;
    expect(notes.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Approve Producer' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]).toEqual(['/admin/producers/7/verify', { action: 'approve', notes: undefined }]);
  });

  it('confirms the approval with a toast even though the panel unmounts', async () => {
    renderHost();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Producer' }));
    await screen.findByText('closed');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Producer approved'));
  });

  it('closes the panel with the confirmation, without waiting for the admin lists to refresh', async () => {
    renderHost();
    fireEvent.change(await screen.findByLabelText('Notes'), { target: { value: 'Add your registration number.' } });
    readsHang = true;
    fireEvent.click(screen.getByRole('button', { name: 'Request More Info' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    await screen.findByText('closed');
  });

  it("links the application to the farm's public page", async () => {
    renderHost();
    const link = await screen.findByRole('link', { name: 'View Hill Farm’s farm page' });
    expect(link.getAttribute('href')).toBe('/producer/7');
  });

  it('shows each certification’s real status', async () => {
    renderHost();
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('asks for confirmation before approving a partial farm', async () => {
    readiness = 'partial';
    renderHost();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Producer' }));
    await waitFor(() => expect(document.body.textContent).toContain('Approve a farm that is not ready?'));
    expect(put).not.toHaveBeenCalled();
  });
});
