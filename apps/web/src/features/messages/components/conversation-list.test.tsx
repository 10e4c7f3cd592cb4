import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationList } from './conversation-list';

describe('the conversation list', () => {
  afterEach(cleanup);

  it('says the load failed and offers a retry instead of "No conversations yet"', () => {
    const retry = vi.fn();
    render(<ConversationList conversations={[]} selectedId={null} isLoading={false} onSelect={() => {}} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load conversations');
    expect(screen.queryByText('No conversations yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });

  it('says there are none when the list loaded empty', () => {
    render(<ConversationList conversations={[]} selectedId={null} isLoading={false} onSelect={() => {}} />);
    expect(screen.getByText('No conversations yet')).toBeTruthy();
  });
});
