/** Spec viewer island (being built). */
export default function SpecViewer() {
  return <p class="muted">The Spec viewer is coming soon.</p>;
}
