import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenFound } from './when-found';

const container = document.createElement('div');
const find = (key: string) => container.querySelector<HTMLElement>(`[data-map-key="${key}"]`);
const marker = (key: string) => {
  const element = document.createElement('button');
  element.dataset.mapKey = key;
  return element;
};
/** MutationObserver callbacks run as microtasks. */
const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  container.replaceChildren();
  vi.useRealTimers();
});

describe('whenFound: a marker pressed before Leaflet had it', () => {
  it('acts at once when the element is there', () => {
    container.append(marker('producer-1'));
    const act = vi.fn();
    whenFound(container, find, 'producer-1', act);
    expect(act).toHaveBeenCalledWith(find('producer-1'));
  });

  it('acts once the cluster group adds the marker later', async () => {
    const act = vi.fn();
    whenFound(container, find, 'producer-2', act);
    container.append(marker('producer-9'));
    await mutationsDelivered();
    expect(act).not.toHaveBeenCalled();
    container.append(marker('producer-2'));
    await mutationsDelivered();
    container.append(marker('producer-3'));
    await mutationsDelivered();
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith(find('producer-2'));
  });

  it('acts when an element already there is given the key (Leaflet labels markers on add)', async () => {
    const element = document.createElement('div');
    container.append(element);
    const act = vi.fn();
    whenFound(container, find, 'producer-4', act);
    element.dataset.mapKey = 'producer-4';
    await mutationsDelivered();
    expect(act).toHaveBeenCalledWith(element);
  });

  it('gives up after a while: a marker that never comes is not pressed later by surprise', async () => {
    vi.useFakeTimers();
    const act = vi.fn();
    whenFound(container, find, 'producer-5', act);
    vi.advanceTimersByTime(5_001);
    vi.useRealTimers();
    container.append(marker('producer-5'));
    await mutationsDelivered();
    expect(act).not.toHaveBeenCalled();
  });
});
