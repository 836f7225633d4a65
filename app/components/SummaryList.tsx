export interface SummaryRowData {
  label: string;
  lines: string[];
}

/**
 * A check-answers section (GOV.UK summary list): its heading, its rows, and one "Change" link to
 * the step that edits it, named for screen readers ("Change your details").
 */
export function SummarySection({
  id,
  title,
  rows,
  change,
  changeLabel,
}: {
  id: string;
  title: string;
  rows: SummaryRowData[];
  change?: string | null;
  changeLabel: string;
}) {
  return (
    <section aria-labelledby={id} className="summary-section">
      <div className="summary-heading">
        <h2 id={id}>{title}</h2>
        {change ? (
          <a href={change}>
            {changeLabel}
            <span className="visually-hidden"> {title}</span>
          </a>
        ) : null}
      </div>
      <dl className="summary-list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              {row.lines.map((line, i) => (
                <span key={i} className="summary-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
