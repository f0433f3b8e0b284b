/** The Mobile Features page (/native-features): its timings (docs/chat.md, SPEC §9). */
export const NATIVE_RULES = {
  /** "Schedule a test notification": it shows this long after the tap. */
  testNotificationDelayMs: 5_000,
  /** Current position: high accuracy, given up after this long. */
  locationTimeoutMs: 10_000,
  /** The haptic test's vibration. */
  hapticMs: 300,
  /** JPEG quality of a photo taken with the camera. */
  photoQuality: 0.9,
} as const;
