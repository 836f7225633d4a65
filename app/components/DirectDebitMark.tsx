/**
 * The Direct Debit mark, drawn inline (no request, nothing to fetch). No licensed artwork file is
 * available to this project, so this is drawn from the scheme's published description of the
 * logo (a black wordmark, "DIRECT" above "Debit", beside the rounded double-stroke symbol); a
 * merchant going live should swap in Bacs' own artwork under its licence.
 */
export function DirectDebitMark() {
  return (
    <svg
      className="direct-debit-mark"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 120 40"
      width={120}
      height={40}
      role="img"
      aria-label="Direct Debit"
    >
      <path
        d="M6 8h11c8 0 13 5 13 12s-5 12-13 12H6z M11 13v14h6c5 0 8-3 8-7s-3-7-8-7z"
        fill="#000"
        fillRule="evenodd"
      />
      <text x="38" y="18" fontFamily="Arial,Helvetica,sans-serif" fontSize="12" fontWeight="700" fill="#000">
        DIRECT
      </text>
      <text x="38" y="33" fontFamily="Arial,Helvetica,sans-serif" fontSize="15" fontWeight="700" fill="#000">
        Debit
      </text>
    </svg>
  );
}
