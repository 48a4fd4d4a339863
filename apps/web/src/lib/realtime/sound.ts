/** SPEC 7: a notification sound plays on a new order, at volume 0.3. */
export const NEW_ORDER_VOLUME = 0.3;
// An import can bring many chunks in a second: one chime is enough.
const MIN_GAP_MS = 1500;

type TAudioContextFactory = () => AudioContext;

let context: AudioContext | null = null;
let lastPlayed = -Infinity;

/**
 * A short two-tone chime synthesised with WebAudio: no file to download, and nothing is created
 * before the first new order (lazy). Never throws: a blocked or missing audio device stays silent.
 */
export function playNewOrderSound(
  createContext: TAudioContextFactory = () => new AudioContext(),
  now: number = Date.now(),
): boolean {
  if (now - lastPlayed < MIN_GAP_MS) return false;
  try {
    context ??= createContext();
    // Browsers start an audio context suspended until the user has interacted with the page.
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    for (const [index, frequency] of [880, 1320].entries()) {
      const at = start + index * 0.14;
      const oscillator = context.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(NEW_ORDER_VOLUME, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.13);
      oscillator.connect(gain);
      oscillator.start(at);
      oscillator.stop(at + 0.13);
    }
    lastPlayed = now;
    return true;
  } catch {
    return false;
  }
}

/** Tests: forget the context and the last chime. */
export function resetNewOrderSound(): void {
  context = null;
  lastPlayed = -Infinity;
}
