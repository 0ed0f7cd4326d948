/** A drawn payment-provider badge (no external image). */
export function IyzicoBadge({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      width="112"
      height="32"
      viewBox="0 0 112 32"
      data-testid="payment-provider-logo"
    >
      <rect x="0.5" y="0.5" width="111" height="31" rx="6" fill="#ffffff" stroke="#1e64ff" />
      <text x="10" y="21" fontFamily="Arial, Helvetica, sans-serif" fontSize="10" fill="#5a6270">
        pay with
      </text>
      <text
        x="56"
        y="22"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="16"
        fontWeight="700"
        fill="#1e64ff"
      >
        iyzico
      </text>
    </svg>
  );
}
