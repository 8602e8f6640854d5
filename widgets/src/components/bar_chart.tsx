/**
 * A dependency-free SVG bar chart (a charting library would triple the package). The SVG is
 * one image with a text alternative; the figures are also in a visually hidden table for
 * screen readers.
 */
export function BarChart({
  points,
  label,
  valueLabel,
  format = (value) => String(value),
}: {
  points: { key: string; value: number; failed?: number }[]
  label: string
  valueLabel: string
  format?: (value: number) => string
}) {
  const max = Math.max(1, ...points.map((point) => point.value))
  const width = 300
  const height = 120
  const gap = points.length > 20 ? 1 : 2
  const barWidth = points.length ? (width - gap * (points.length - 1)) / points.length : 0
  return (
    <>
      <svg
        className="adrelay-chart"
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
      >
        {points.map((point, index) => {
          const barHeight = (point.value / max) * (height - 4)
          const failedHeight = ((point.failed ?? 0) / max) * (height - 4)
          const x = index * (barWidth + gap)
          return (
            <g key={point.key}>
              <rect
                className="adrelay-bar"
                x={x}
                y={height - barHeight}
                width={barWidth}
                height={barHeight}
              />
              {failedHeight > 0 && (
                <rect
                  className="adrelay-bar-failed"
                  x={x}
                  y={height - failedHeight}
                  width={barWidth}
                  height={failedHeight}
                />
              )}
            </g>
          )
        })}
      </svg>
      <table className="adrelay-sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <td>{point.key}</td>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
