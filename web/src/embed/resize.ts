// The content's height, told whenever it changes (at most once a frame): the host sizes the
// frame to it, so the embedded page never scrolls inside the host's page.
export function watchHeight(tell: (height: number) => void): () => void {
  let last = -1;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    tell(height);
  };
  const observer = new ResizeObserver(() => {
    if (!frame) frame = requestAnimationFrame(measure);
  });
  observer.observe(document.documentElement);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
