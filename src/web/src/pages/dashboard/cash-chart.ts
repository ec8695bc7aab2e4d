import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only the parts this chart uses, so the lazily loaded chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface CashSeries {
  labels: string[];
  cashIn: number[];
  cashOut: number[];
  names: { in: string; out: string };
  locale: string;
}

/** Draws the days' cash in and out as bars on `canvas`; the caller destroys the chart when it goes. */
export function drawCashChart(canvas: HTMLCanvasElement, series: CashSeries): Chart<'bar'> {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [
        { label: series.names.in, data: series.cashIn, backgroundColor: '#2e7d32' },
        { label: series.names.out, data: series.cashOut, backgroundColor: '#c62828' },
      ],
    },
    options: {
      locale: series.locale,
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { position: 'bottom' } },
      scales: { y: { beginAtZero: true } },
    },
  });
}
