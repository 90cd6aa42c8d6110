import { afterEach, describe, expect, it } from 'vitest';
import { reloadConfig } from '../config.ts';
import { getClientIp } from './routes.ts';

const request = (forwardedFor?: string) =>
  new Request('http://br.localhost/ecom/login', forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});

describe('getClientIp (the address rate limits count by)', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXY_HOPS;
    reloadConfig();
  });

  it('ignores X-Forwarded-For unless proxies are configured', () => {
    expect(getClientIp({ clientAddress: '198.51.100.7', request: request('203.0.113.1') })).toBe('198.51.100.7');
  });

  it('counts an IPv4 client the same on a dual-stack socket', () => {
    expect(getClientIp({ clientAddress: '::ffff:198.51.100.7', request: request() })).toBe('198.51.100.7');
    expect(getClientIp({ clientAddress: '2001:db8::1', request: request() })).toBe('2001:db8::1');
  });

  it('takes the entry our proxies appended, not what the client wrote before it', () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    reloadConfig();
    expect(getClientIp({ clientAddress: '10.0.0.2', request: request('1.2.3.4, 203.0.113.9') })).toBe('203.0.113.9');
    process.env.TRUSTED_PROXY_HOPS = '2';
    reloadConfig();
    expect(getClientIp({ clientAddress: '10.0.0.2', request: request('1.2.3.4, 203.0.113.9, 10.0.0.1') })).toBe('203.0.113.9');
  });

  it('falls back to the socket address when the header is shorter than the proxy chain', () => {
    process.env.TRUSTED_PROXY_HOPS = '2';
    reloadConfig();
    expect(getClientIp({ clientAddress: '10.0.0.2', request: request('203.0.113.9') })).toBe('10.0.0.2');
    expect(getClientIp({ clientAddress: '10.0.0.2', request: request() })).toBe('10.0.0.2');
  });
});
