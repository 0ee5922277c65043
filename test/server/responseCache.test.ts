import { ResponseCache } from '../../server/plugins/responseCache';

/** A build that counts its calls and answers what it is told. */
function builder(value: unknown = { ok: true }) {
  const build = jest.fn(async () => value);
  return build;
}

describe('ResponseCache', () => {
  it('builds once and answers the same revision from the cache, serialized', async () => {
    const cache = new ResponseCache();
    const build = builder({ id: 1, amount: 1234 });

    expect(await cache.read('1:budgets/1', 5, build)).toBe('{"id":1,"amount":1234}');
    expect(await cache.read('1:budgets/1', 5, build)).toBe('{"id":1,"amount":1234}');

    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds again once the revision has moved on', async () => {
    const cache = new ResponseCache();

    await cache.read('1:budgets/1', 5, builder('before'));
    const after = builder('after');

    expect(await cache.read('1:budgets/1', 6, after)).toBe('"after"');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('answers a request that read an older revision with the newer response (it is at least as new)', async () => {
    const cache = new ResponseCache();
    await cache.read('1:budgets/1', 6, builder('newer'));
    const older = builder('older');

    expect(await cache.read('1:budgets/1', 5, older)).toBe('"newer"');
    expect(older).not.toHaveBeenCalled();
  });

  it('keeps keys apart', async () => {
    const cache = new ResponseCache();
    await cache.read('1:budgets/1', 1, builder('household 1'));

    expect(await cache.read('2:budgets/1', 1, builder('household 2'))).toBe('"household 2"');
    expect(await cache.read('1:budgets/2', 1, builder('budget 2'))).toBe('"budget 2"');
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new ResponseCache();
    let finish: (value: unknown) => void = () => undefined;
    const build = jest.fn(() => new Promise<unknown>((resolve) => (finish = resolve)));

    const first = cache.read('1:budgets/1', 1, build);
    const second = cache.read('1:budgets/1', 1, build);
    finish({ shared: true });

    expect(await Promise.all([first, second])).toEqual(['{"shared":true}', '{"shared":true}']);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed build: the next request tries again', async () => {
    const cache = new ResponseCache();
    const failing = jest.fn(async () => {
      throw new Error('database gone');
    });

    await expect(cache.read('1:budgets/1', 1, failing)).rejects.toThrow('database gone');
    expect(cache.size).toBe(0);
    expect(await cache.read('1:budgets/1', 1, builder('back'))).toBe('"back"');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = new ResponseCache(2);
    await cache.read('a', 1, builder('a'));
    await cache.read('b', 1, builder('b'));
    await cache.read('a', 1, builder('a again'));
    await cache.read('c', 1, builder('c'));

    expect(cache.size).toBe(2);
    expect(await cache.read('a', 1, builder('a rebuilt'))).toBe('"a"');
    expect(await cache.read('b', 1, builder('b rebuilt'))).toBe('"b rebuilt"');
  });
});
