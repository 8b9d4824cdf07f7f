// Applies the stored colour theme before first paint (ThemeToggle island).
try {
  const t = localStorage.getItem("theme");
  if (t === "light" || t === "dark") {
    document.documentElement.dataset.theme = t;
  }
} catch (_) { /* storage blocked */ }
