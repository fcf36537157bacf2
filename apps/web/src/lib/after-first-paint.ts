/**
 * Runs `fn` once the browser has painted the current frame (a frame, then a task): what the first
 * screen does not need loads then, without delaying it. Returns a cancel function.
 */
export function afterFirstPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
