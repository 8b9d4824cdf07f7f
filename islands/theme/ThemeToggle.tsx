import { useEffect, useState } from "preact/hooks";

/** The three theme choices; "auto" follows `prefers-color-scheme`. */
export type Theme = "auto" | "light" | "dark";
const ORDER: Theme[] = ["auto", "light", "dark"];
const LABEL: Record<Theme, string> = {
  auto: "Theme: auto",
  light: "Theme: light",
  dark: "Theme: dark",
};

function stored(): Theme {
  try {
    const t = localStorage.getItem("theme");
    return t === "light" || t === "dark" ? t : "auto";
  } catch {
    return "auto";
  }
}

/**
 * Cycles the colour theme (auto, light, dark) and remembers it. `static/theme.js`
 * applies the stored choice before first paint so pages do not flash.
 */
export default function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>("auto");
  useEffect(() => setTheme(stored()), []);
  function next() {
    const t = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length];
    setTheme(t);
    try {
      if (t === "auto") localStorage.removeItem("theme");
      else localStorage.setItem("theme", t);
    } catch { /* private mode: the choice lasts for this page only */ }
    if (t === "auto") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = t;
  }
  return (
    <button
      type="button"
      class="theme-toggle"
      data-testid="theme-toggle"
      data-theme-choice={theme}
      onClick={next}
      title="Switch colour theme"
    >
      {LABEL[theme]}
    </button>
  );
}
