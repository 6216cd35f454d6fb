import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyWhileVisible, type VisibleDocument } from './while-visible.ts';

function fakeDocument(state: DocumentVisibilityState = 'visible') {
  const listeners = new Set<() => void>();
  const doc: VisibleDocument & { show(s: DocumentVisibilityState): void; listeners: Set<() => void> } = {
    visibilityState: state,
    addEventListener: (_t, l) => void listeners.add(l),
    removeEventListener: (_t, l) => void listeners.delete(l),
    show(s) {
      this.visibilityState = s;
      for (const l of listeners) l();
    },
    listeners,
  };
  return doc;
}

describe('everyWhileVisible', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every period while visible, not at once (the page has just loaded what it shows)', async () => {
    const ask = vi.fn(async () => {});
    const stop = everyWhileVisible(ask, 5000, fakeDocument());
    expect(ask).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ask).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while hidden, and at once when the page is back in view', async () => {
    const doc = fakeDocument('hidden');
    const ask = vi.fn(async () => {});
    const stop = everyWhileVisible(ask, 5000, doc);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ask).toHaveBeenCalledTimes(0);
    doc.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
    expect(doc.listeners.size).toBe(0);
  });

  it('never asks twice at once, and keeps asking after a failed ask', async () => {
    const doc = fakeDocument();
    let release: () => void = () => {};
    const ask = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((r) => (release = r)))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const stop = everyWhileVisible(ask, 1000, doc);
    await vi.advanceTimersByTimeAsync(1000);
    doc.show('visible');
    await vi.advanceTimersByTimeAsync(5000);
    expect(ask).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ask).toHaveBeenCalledTimes(3);
    stop();
  });
});
