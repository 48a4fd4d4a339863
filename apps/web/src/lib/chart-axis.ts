/**
 * Height of a horizontal axis. The charts' default (25 px) leaves 16 px for a label, and the library
 * blanks a label whose measured box is taller: with Noto Sans or Segoe UI at 12 px the box is 16 to
 * 17 px, so every date and source name vanished. 30 px leaves room in Latin and Arabic.
 */
export const X_AXIS_HEIGHT_PX = 30;
