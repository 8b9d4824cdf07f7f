/** Debug endpoints island (being built). */
export default function DebugRunner() {
  return <p class="muted">The Debug endpoints is coming soon.</p>;
}
