import { describe, expect, it } from 'vitest';
import { callWorker } from './helpers';

describe('GET /dev/', () => {
  it('is the ordinary site 404 when ENVIRONMENT is production', async () => {
    const response = await callWorker('/dev/', {}, { ENVIRONMENT: 'production' });

    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Development tools');
  });

  it('lists the development tools when ENVIRONMENT is development', async () => {
    const response = await callWorker('/dev/', {}, { ENVIRONMENT: 'development' });

    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<h1>Development tools</h1>');
  });

  it('is served with a CSP that allows no inline script', async () => {
    const response = await callWorker('/dev/', {}, { ENVIRONMENT: 'development' });
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));

    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'sha256-");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
