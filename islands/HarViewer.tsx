/** HAR viewer island (being built). */
export default function HarViewer() {
  return <p class="muted">The HAR viewer is coming soon.</p>;
}
