import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { holdFirstData } from '../sync/first-data';
import { afterFirstDataModule } from './after-first-data-module';

afterEach(cleanup);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function counted(word: string) {
  const loads = { count: 0 };
  const module = afterFirstDataModule(async () => {
    loads.count++;
    return { word };
  });
  function Shows() {
    const loaded = module.useLoaded();
    return <p>{loaded === null ? 'sans' : loaded.word}</p>;
  }
  return { module, loads, Shows };
}

describe('afterFirstDataModule', () => {
  it('gives nothing while the first data is awaited, then the module', async () => {
    const { loads, Shows } = counted('glisser');
    const release = holdFirstData();
    render(<Shows />);
    await act(() => sleep(100));
    expect(screen.getByText('sans')).toBeTruthy();
    expect(loads.count).toBe(0);
    release();
    expect(await screen.findByText('glisser')).toBeTruthy();
    expect(loads.count).toBe(1);
  });

  it('load() does not wait, and every component shares the one load', async () => {
    const { module, loads, Shows } = counted('droits');
    const release = holdFirstData();
    expect((await module.load()).word).toBe('droits');
    // Already loaded: shown from the first render, the first data still awaited.
    render(
      <>
        <Shows />
        <Shows />
      </>,
    );
    expect(screen.getAllByText('droits')).toHaveLength(2);
    expect(loads.count).toBe(1);
    release();
  });

  it('a failed load is tried again on the next call', async () => {
    let calls = 0;
    const module = afterFirstDataModule(async () => {
      calls++;
      if (calls === 1) throw new Error('réseau');
      return 'ok';
    });
    await expect(module.load()).rejects.toThrow('réseau');
    expect(await module.load()).toBe('ok');
    expect(calls).toBe(2);
  });
});
