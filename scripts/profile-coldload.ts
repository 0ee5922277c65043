/**
 * Where the current budget's first paint spends its time (issue 48): one cold visit and one repeat visit (a new
 * tab once the service worker is in charge, as `bench:coldload` makes it) on the phone profile, with
 *   - a CPU profile of the page from navigation to the first frame with an allocation's money, saved as a
 *     .cpuprofile (open it in Chrome's developer tools) and summed by self time per package or source file,
 *     through the build's source maps;
 *   - the renderer's own totals for the same span (script, style, layout; `Performance.getMetrics`);
 *   - the network waterfall: when each request started and ended, relative to the navigation, and where it was
 *     answered from (network, service worker, memory or disk cache).
 *
 *   npx webpack --mode production
 *   npm run bench:profile                              phone profile, into node_modules/.cache/everycent/profiles
 *   npm run bench:profile -- --desktop --top 30 --out /tmp/profiles
 *   npm run bench:profile -- --trace --no-profile     the trace alone (the CPU profiler slows reading code caches)
 *   npm run bench:profile -- --trace --repeats 3     (and repeat visits 2 and 3)
 *   npm run bench:profile -- --trace                  also the main thread's trace: parse, compile, style, layout
 *
 * The machine's load average is printed beside every figure: proportions stay informative on a loaded machine,
 * the milliseconds do not. Never runs as a test.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { credentials, launchBrowser, root, startServer } from './benchUi/support';

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const desktop = process.argv.includes('--desktop');
const PROFILE = desktop
  ? { name: 'desktop', viewport: { width: 1280, height: 800 }, cpuSlowdown: 1, network: undefined }
  : {
      name: 'phone',
      viewport: { width: 375, height: 740 },
      cpuSlowdown: 4,
      network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (0.75 * 1024 * 1024) / 8 },
    };
const READY = '.ec-allocations tbody tr td .ec-money';
const ADDRESS = '/#/budgets/current';
const OUT = path.resolve(argument('--out') ?? path.join(root, 'node_modules/.cache/everycent/profiles'));
const TOP = Number(argument('--top') ?? 20);
const load = () => loadavg()[0].toFixed(2);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time (µs): what the event cost, whatever else ran on the machine. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** Records the renderer's trace (timeline categories) until `stop` is called. */
async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading', 'disabled-by-default-devtools.timeline'] },
  });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/** The CPU time of a thread's top-level tasks, and of the scripts' compile and run events among them. */
function tasksCpu(events: TraceEvent[]) {
  let all = 0;
  let script = 0;
  let end = -1;
  let scriptEnd = -1;
  for (const event of events) {
    if (event.ts >= end && event.tdur !== undefined) {
      all += event.tdur;
      end = event.ts + (event.dur ?? 0);
    }
    if (event.ts >= scriptEnd && ['v8.compile', 'v8.run', 'FunctionCall', 'EvaluateScript', 'v8.callFunction', 'RunMicrotasks'].includes(event.name) && event.tdur !== undefined) {
      script += event.tdur;
      scriptEnd = event.ts + (event.dur ?? 0);
    }
  }
  return { all: all / 1000, script: script / 1000 };
}

/**
 * The page's main thread (the busiest CrRendererMain): self time by trace event name (what the CPU profile calls
 * "(program)": parsing and compiling, style, layout, paint, HTML) and its long tasks.
 */
function traceSummary(events: TraceEvent[], top: number) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), event]);
  }
  const busiest = [...byThread.values()].sort((a, b) => b.reduce((s, e) => s + (e.dur ?? 0), 0) - a.reduce((s, e) => s + (e.dur ?? 0), 0))[0] ?? [];
  busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  const navigation = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart')?.ts ?? busiest[0]?.ts ?? 0;
  const tasks: TraceEvent[] = [];
  for (const event of busiest) {
    const dur = event.dur ?? 0;
    while (stack.length > 0 && stack[stack.length - 1].end <= event.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - dur);
    else if (dur > 30_000) tasks.push(event);
    self.set(event.name, (self.get(event.name) ?? 0) + dur);
    stack.push({ end: event.ts + dur, name: event.name });
  }
  // Each script's compile: streamed (on another thread) or not, and whether the code cache was used.
  const compiles = busiest.filter((e) => e.name === 'v8.compile' && (e.dur ?? 0) > 5_000);
  if (compiles.length > 0) {
    console.log('\n| script compiled on the main thread | ms | details |');
    console.log('|---|---|---|');
    for (const e of compiles) {
      const { url = '', ...rest } = (e.args?.data ?? {}) as Record<string, unknown> & { url?: string };
      console.log(`| ${String(url).replace(/^.*\//, '')} | ${Math.round((e.dur ?? 0) / 1000)} | ${JSON.stringify(rest)} |`);
    }
  }
  // CPU time of the main thread's tasks, not its wall time: the figure that holds on a loaded machine for an A/B
  // comparison (the 4× slowdown pauses the thread; it does not add CPU time).
  const cpu = tasksCpu(busiest);
  console.log(`\nMain thread CPU time to the paint: ${Math.round(cpu.all)} ms in tasks (its thread CPU time; ${Math.round(cpu.script)} ms of it compiling and running scripts)`);
  console.log(`\n| main thread: self time by trace event (top ${top}) | ms |`);
  console.log('|---|---|');
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`| ${name} | ${(us / 1000).toFixed(1)} |`);
  console.log('\n| main thread: tasks over 30 ms | start ms | ms | longest events inside |');
  console.log('|---|---|---|---|');
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = busiest.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 5_000);
    const names = [...new Set(inside.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '')}` : ''} ${Math.round((e.dur ?? 0) / 1000)}`))].slice(0, 4);
    console.log(`| ${task.name} | ${Math.round((task.ts - navigation) / 1000)} | ${Math.round((task.dur ?? 0) / 1000)} | ${names.join(', ')} |`);
  }
}

interface Request {
  url: string;
  start: number;
  end?: number;
  from: string;
  bytes: number;
  type?: string;
}

/** Records each request's start and end (seconds since an arbitrary origin, as CDP gives them). */
function waterfall(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!requests.has(event.requestId)) requests.set(event.requestId, { url: event.request.url, start: event.timestamp, from: 'network', bytes: 0, type: event.type });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const { response } = event;
    request.from = response.fromServiceWorker ? 'service worker' : response.fromDiskCache ? 'disk cache' : response.fromPrefetchCache ? 'prefetch' : 'network';
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.from = 'memory cache';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp;
    request.bytes = event.encodedDataLength;
  });
  return requests;
}

/** A source map per built file, read once. */
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  const file = path.resolve(root, process.env.BENCH_STATIC_DIR ?? 'dist', new URL(url).pathname.replace(/^\//, ''));
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  return maps.get(file) ?? null;
}

/** Where a profiled function comes from: a package (by its name), a source file of the app, or the renderer's own work. */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/^\(|\)$/g, '')})` : '(native)';
  if (!frame.url.startsWith('http')) return frame.url;
  const map = mapOf(frame.url);
  const file = new URL(frame.url).pathname.replace(/^\//, '');
  if (!map) return file;
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(frame.columnNumber, 0) });
  if (!original.source) return `${file} (unmapped)`;
  const source = original.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return packaged ? packaged[1] : source;
}

/** Self time (ms) by source, from the profile's samples. */
function selfTimes(profile: CpuProfile): Map<string, number> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  for (let index = 0; index < profile.samples.length; index++) {
    // A sample's time is the delta to the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byNode.get(profile.samples[index]);
    if (!node) continue;
    const source = sourceOf(node.callFrame);
    totals.set(source, (totals.get(source) ?? 0) + ms);
  }
  return totals;
}

async function openTab(context: BrowserContext, cacheDisabled: boolean) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (PROFILE.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  return { page, cdp };
}

/** Time from navigation start to the frame after an allocation's money shows, read inside the page. */
function painted(page: Page) {
  return page.evaluate(
    (selector) =>
      new Promise<{ ms: number; fcp: number }>((resolve) => {
        const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
        const check = () => {
          if (document.querySelector(selector)) requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now(), fcp: fcp() }), 0));
          else requestAnimationFrame(check);
        };
        check();
      }),
    READY,
  );
}

async function profiledVisit(name: string, page: Page, cdp: CDPSession, baseUrl: string) {
  const requests = waterfall(cdp);
  const loadBefore = load();
  const stopTrace = process.argv.includes('--trace') ? await startTrace(cdp) : undefined;
  // The CPU profiler itself slows V8 down where it creates code in bulk: reading a script's code cache costs
  // several times more on the main thread while it runs (`--no-profile`: the trace alone, for that question).
  const profiling = !process.argv.includes('--no-profile');
  if (profiling) await cdp.send('Profiler.start');
  await page.goto(`${baseUrl}${ADDRESS}`, { waitUntil: 'commit' });
  const { ms, fcp } = await painted(page);
  const profile = profiling ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : undefined;
  const { metrics } = await cdp.send('Performance.getMetrics');
  const trace = await stopTrace?.();
  await page.waitForLoadState('load');
  const loadAfter = load();
  console.log(`\n## ${PROFILE.name}, ${name} visit: painted at ${Math.round(ms)} ms, first contentful paint ${Math.round(fcp)} ms (load average ${loadBefore} → ${loadAfter})`);
  if (profile) {
    mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, `${PROFILE.name}-${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile: ${path.relative(root, file)}\n`);
  }

  const metric = (key: string) => (metrics.find((m) => m.name === key)?.value ?? 0) * 1000;
  console.log(
    `Renderer totals to the paint (ms, at ${PROFILE.cpuSlowdown}× CPU): script ${Math.round(metric('ScriptDuration'))}, style ${Math.round(metric('RecalcStyleDuration'))}, ` +
      `layout ${Math.round(metric('LayoutDuration'))}, all tasks ${Math.round(metric('TaskDuration'))}\n`,
  );

  if (profile) {
    const totals = selfTimes(profile);
    const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
    const busy = all - (totals.get('(idle)') ?? 0);
    console.log(`| self time by source (top ${TOP}) | ms | % of busy (${Math.round(busy)} ms) |`);
    console.log('|---|---|---|');
    for (const [source, value] of [...totals].filter(([source]) => source !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`| ${source} | ${value.toFixed(1)} | ${((value / busy) * 100).toFixed(1)} % |`);
    }
    console.log(`| (idle: waiting on the network) | ${(totals.get('(idle)') ?? 0).toFixed(1)} | |`);
  }

  if (trace) traceSummary(trace, TOP);

  const list = [...requests.values()].sort((a, b) => a.start - b.start);
  const origin = list[0]?.start ?? 0;
  const at = (seconds: number | undefined) => (seconds === undefined ? 'open' : String(Math.round((seconds - origin) * 1000)));
  console.log('\n| request | start ms | end ms | from | bytes |');
  console.log('|---|---|---|---|---|');
  for (const request of list) {
    const url = new URL(request.url);
    const short = request.url.startsWith('data:') ? 'data:' : `${url.pathname}${url.search}`.slice(0, 70);
    console.log(`| ${short} | ${at(request.start)} | ${at(request.end)} | ${request.from} | ${request.bytes} |`);
  }
}

/** The service worker's registration and activation, as a person's first visit leaves it. */
async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const started = performance.now();
    while (performance.now() - started < 30_000) {
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

async function main() {
  const server = await startServer(PORT, { householdName: 'Profile', email: 'profile@example.com', password: 'profile password' });
  const browser = await launchBrowser();
  try {
    const stored = await credentials(server.baseUrl, 'profile@example.com', 'profile password');
    const context = await browser.newContext({ viewport: PROFILE.viewport });
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await context.addInitScript((items) => {
      for (const [name, value] of Object.entries(items)) window.localStorage.setItem(name, value);
    }, stored);
    const first = await openTab(context, true);
    await profiledVisit('cold', first.page, first.cdp, server.baseUrl);
    await workerInCharge(first.page);
    await first.page.close();
    // `--repeats 3`: the second and third repeat visits too (the browser may keep compiled code after a few runs).
    for (let repeat = 1; repeat <= Number(argument('--repeats') ?? 1); repeat++) {
      await new Promise((resolve) => setTimeout(resolve, Number(argument('--later') ?? 3_000)));
      const again = await openTab(context, false);
      await profiledVisit(repeat === 1 ? 'repeat' : `repeat-${repeat}`, again.page, again.cdp, server.baseUrl);
      await again.page.close();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
