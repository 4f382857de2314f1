import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what bar charts need: Chart.js is tree-shaken to its bar controller, and this module is loaded with
// the Reports screen alone (its route is split), never with the rest of the panel.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Readable on the dark and the light panel alike. */
const PALETTE = ['#f59e0b', '#38bdf8', '#34d399', '#fb7185', '#a78bfa'];

export interface Series {
  label: string;
  data: number[];
}

/**
 * A bar chart of a report's table (the table under it carries the same figures for screen readers and for
 * copying). Colours follow the panel's theme; stacked when the series add up to a whole.
 */
export function BarChart({
  label,
  labels,
  series,
  stacked = false,
  horizontal = false,
  height = 240,
}: {
  label: string;
  labels: string[];
  series: Series[];
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let chart: Chart | undefined;
    const draw = () => {
      chart?.destroy();
      const styles = getComputedStyle(element);
      const text = styles.getPropertyValue('--p-text').trim() || '#0f172a';
      const muted = styles.getPropertyValue('--p-muted').trim() || '#475569';
      const grid = styles.getPropertyValue('--p-border').trim() || '#cbd5e1';
      const axis = { stacked, ticks: { color: muted, precision: 0 }, grid: { color: grid } };
      chart = new Chart(element, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((s, i) => ({
            label: s.label,
            data: s.data,
            backgroundColor: PALETTE[i % PALETTE.length],
            borderRadius: 3,
            maxBarThickness: 56,
          })),
        },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { x: axis, y: axis },
          plugins: { legend: { display: series.length > 1, labels: { color: text } } },
        },
      });
    };
    draw();
    // The theme switch changes the panel's colours under the canvas: draw again in the new ones.
    const themed = element.closest('[data-theme]');
    const observer = new MutationObserver(draw);
    if (themed) observer.observe(themed, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      observer.disconnect();
      chart?.destroy();
    };
  }, [labels, series, stacked, horizontal]);
  return (
    <div className="report-chart" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
