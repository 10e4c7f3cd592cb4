// Applies the saved theme before React loads, so a dark page never flashes white.
try {
  const saved = localStorage.getItem('darkMode');
  const dark = saved === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : saved === 'true';
  if (dark) document.documentElement.classList.add('dark');
} catch {
  // storage blocked: React applies the system theme instead
}
