/** The Cordée mark: two peaks joined by a rope line. Decorative; the link around it carries the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} width="132" height="32" viewBox="0 0 132 32" aria-hidden="true" focusable="false">
      <path d="M2 28 L12 10 L18 19 L24 6 L36 28 Z" fill="currentColor" opacity="0.9" />
      <path d="M9 22 C15 18 21 20 30 14" stroke="#f2b48f" strokeWidth="2" fill="none" strokeLinecap="round" />
      <text x="42" y="23" fontFamily="var(--font-sans)" fontSize="20" fontWeight="700" fill="currentColor">
        Cordée
      </text>
    </svg>
  );
}
