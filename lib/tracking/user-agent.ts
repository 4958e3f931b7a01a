/**
 * spec §3 analytics user fields os and device_model. The browser SDK sends the user agent and
 * leaves parsing to Amplitude's servers; we derive both here so every payload carries them.
 */
export type DeviceFields = { os: string; deviceModel: string };

const OS_RULES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/Windows NT 10\.0/, () => 'Windows 10'],
  [/Windows NT (\d+\.\d+)/, (m) => `Windows NT ${m[1]}`],
  [/(?:iPhone|iPad|iPod).*? OS (\d+)[_.](\d+)/, (m) => `iOS ${m[1]}.${m[2]}`],
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/CrOS/, () => 'Chrome OS'],
  [/Mac OS X (\d+)[_.](\d+)/, (m) => `Mac OS X ${m[1]}.${m[2]}`],
  [/Linux/, () => 'Linux'],
];

/** The operating system named in a user agent ('Unknown' when none is). */
export function osFromUserAgent(userAgent: string): string {
  for (const [pattern, name] of OS_RULES) {
    const match = pattern.exec(userAgent);
    if (match) return name(match);
  }
  return 'Unknown';
}

/** The device model named in a user agent: iPhone, iPad, an Android model, else the platform's kind. */
export function deviceModelFromUserAgent(userAgent: string): string {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent);
  if (apple) return apple[1]!;
  // Android: "Android 14; Pixel 8 Build/…" or "Android 10; K" (reduced user agents name no model).
  const android = /Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?[;)]/i.exec(userAgent);
  if (android && android[1]!.trim().length > 1) return android[1]!.trim();
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? 'Android phone' : 'Android tablet';
  if (/Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  if (/CrOS/.test(userAgent)) return 'Chromebook';
  if (/Linux/.test(userAgent)) return 'Linux PC';
  return 'Unknown';
}

/** Both fields at once. */
export function deviceFields(userAgent: string): DeviceFields {
  return { os: osFromUserAgent(userAgent), deviceModel: deviceModelFromUserAgent(userAgent) };
}
