import { launchBrowser, startServer } from '../benchUi/support';

async function main() {
  const server = await startServer(3391, { householdName: 'Cold Load', email: 'coldload@example.com', password: 'cold load password' });
  try {
    const response = await fetch(`${server.baseUrl}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'coldload@example.com', password: 'cold load password' }) });
    const body = (await response.json()) as { data: { household_name: string } };
    const stored: Record<string, string> = { householdName: body.data.household_name };
    for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) stored[name] = response.headers.get(name) ?? '';
    const browser = await launchBrowser();
    for (let run = 0; run < 3; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
      await context.addInitScript((items) => { for (const [k, v] of Object.entries(items)) window.localStorage.setItem(k, v); }, stored);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (process.env.PHONE) { await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (0.75 * 1024 * 1024) / 8 }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 }); }
      await page.addInitScript({ content: `window.__long=[];new PerformanceObserver((l)=>{for(const e of l.getEntries()) window.__long.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});` });
      await page.goto(`${server.baseUrl}/#/budgets/current`, { waitUntil: 'commit' });
      const result = await page.evaluate(() => new Promise<string>((resolve) => {
        const check = () => {
          if (document.querySelector('.ec-allocations tbody tr td .ec-money')) requestAnimationFrame(() => setTimeout(() => {
            const now = performance.now();
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const lines = [`ready ${Math.round(now)} fcp ${Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1)} domInteractive ${Math.round(nav.domInteractive)} responseEnd ${Math.round(nav.responseEnd)}`];
            for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) lines.push(`  ${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.name.replace(location.origin, '')} ${r.encodedBodySize}`);
            lines.push('  long tasks ' + JSON.stringify((window as unknown as { __long: number[][] }).__long));
            resolve(lines.join('\n'));
          }, 0));
          else requestAnimationFrame(check);
        };
        check();
      }));
      console.log(result);
      await context.close();
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
