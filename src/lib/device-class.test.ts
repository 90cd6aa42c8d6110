import { describe, expect, it } from 'vitest';
import { getDeviceClass } from './device-class.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID_FIREFOX = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const headers = (values: Record<string, string>) => new Headers(values);

describe('getDeviceClass', () => {
  it('follows the Sec-CH-UA-Mobile client hint when the browser sends it', () => {
    expect(getDeviceClass(headers({ 'sec-ch-ua-mobile': '?1', 'user-agent': ANDROID_CHROME }))).toBe('mobile');
    expect(getDeviceClass(headers({ 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP_FIREFOX }))).toBe('desktop');
    // "Request desktop site" on a phone: the hint says desktop, the hint wins.
    expect(getDeviceClass(headers({ 'sec-ch-ua-mobile': '?0', 'user-agent': ANDROID_CHROME }))).toBe('desktop');
  });

  it('falls back to the User-Agent "Mobi" token for browsers without client hints', () => {
    expect(getDeviceClass(headers({ 'user-agent': IPHONE_SAFARI }))).toBe('mobile');
    expect(getDeviceClass(headers({ 'user-agent': ANDROID_FIREFOX }))).toBe('mobile');
    expect(getDeviceClass(headers({ 'user-agent': DESKTOP_FIREFOX }))).toBe('desktop');
    expect(getDeviceClass(headers({ 'user-agent': IPAD_SAFARI }))).toBe('desktop');
    expect(getDeviceClass(headers({}))).toBe('desktop');
  });

  it('takes the device class a CDN states in X-Device-Class over hints and User-Agent', () => {
    expect(getDeviceClass(headers({ 'x-device-class': 'mobile', 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP_FIREFOX }))).toBe('mobile');
    expect(getDeviceClass(headers({ 'x-device-class': 'Desktop', 'user-agent': IPHONE_SAFARI }))).toBe('desktop');
    expect(getDeviceClass(headers({ 'x-device-class': 'tablet', 'user-agent': IPHONE_SAFARI }))).toBe('mobile');
  });
});
