import type { TDeviceType } from '@cod/shared';

export interface TDevice {
  device_type: TDeviceType;
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A session's device, from its User-Agent header, for the profile's session list: a few patterns
 * that name the common browsers and systems, not a full parser (docs/decisions/0059). Anything
 * unrecognised is null, and the screen says "Unknown device".
 */
export function deviceOf(userAgent: string | null | undefined): TDevice {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  let deviceType: TDeviceType = 'unknown';
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) deviceType = 'tablet';
  else if (/\bMobile\b|\biPhone\b|\biPod\b/.test(ua)) deviceType = 'mobile';
  else if (os || browser) deviceType = 'desktop';
  return { device_type: deviceType, browser, os };
}
