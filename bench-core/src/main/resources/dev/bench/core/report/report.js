// Draws the charts described in the page's JSON (element #bench-data). Five kinds:
//  spectrum: latency against percentile on HdrHistogram's axis, x = 1/(1-p), log scale
//  timeline: throughput (left axis) and latency percentiles (right axis) over time, warmup shaded,
//            intervals with failures, retries or reconnects marked
//  load:     scheduled and achieved ops/s over time, the schedule's segments shaded and named
//  curve:    latency against achieved throughput (a sweep), the SLO as a line
//  bars:     one bar per result with error bars (JMH)
// Each canvas gets data-drawn="<points>" once Chart.js has rendered it, so a headless browser can
// check that every chart drew.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('bench-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
  Chart.defaults.animation = false;
  Chart.defaults.font.size = 11;

  var markDrawn = {
    id: 'benchDrawn',
    afterRender: function (chart) {
      var points = chart.data.datasets.reduce(function (n, d) { return n + d.data.length; }, 0);
      chart.canvas.setAttribute('data-drawn', String(points));
    }
  };

  // Shades x < 0 (warmup) on a timeline.
  var warmupShade = {
    id: 'warmupShade',
    beforeDatasetsDraw: function (chart) {
      var x = chart.scales.x, area = chart.chartArea;
      if (!x || x.min >= 0) { return; }
      var right = Math.min(x.getPixelForValue(0), area.right);
      var ctx = chart.ctx;
      ctx.save();
      ctx.fillStyle = 'rgba(128,128,128,0.15)';
      ctx.fillRect(area.left, area.top, right - area.left, area.bottom - area.top);
      ctx.fillStyle = '#666';
      ctx.fillText('warmup', area.left + 4, area.top + 12);
      ctx.restore();
    }
  };

  // Shades the schedule's segments (options.bands: from, to, label) in alternating tones, named at the top; a band
  // with a color of its own (writes unavailable) in that color.
  var segmentBands = {
    id: 'segmentBands',
    beforeDatasetsDraw: function (chart) {
      var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
      (chart.options.bands || []).forEach(function (b, i) {
        var left = Math.max(x.getPixelForValue(b.from), area.left), right = Math.min(x.getPixelForValue(b.to), area.right);
        if (right <= left) { return; }
        ctx.save();
        ctx.fillStyle = b.color || (i % 2 ? 'rgba(31,119,180,0.10)' : 'rgba(31,119,180,0.04)');
        ctx.fillRect(left, area.top, right - left, area.bottom - area.top);
        ctx.fillStyle = '#335';
        ctx.fillText(b.label, left + 3, area.top + 12 + (i % 2) * 12);
        ctx.restore();
      });
    }
  };

  // Draws dataset.errors[i] as a vertical error bar on bar i.
  var errorBars = {
    id: 'errorBars',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx, y = chart.scales.y;
      chart.data.datasets.forEach(function (ds, di) {
        if (!ds.errors) { return; }
        chart.getDatasetMeta(di).data.forEach(function (bar, i) {
          var v = ds.data[i], e = ds.errors[i];
          if (e == null || !isFinite(e)) { return; }
          var top = y.getPixelForValue(v + e), bottom = y.getPixelForValue(Math.max(v - e, y.min));
          ctx.save();
          ctx.strokeStyle = '#000';
          ctx.beginPath();
          ctx.moveTo(bar.x, top); ctx.lineTo(bar.x, bottom);
          ctx.moveTo(bar.x - 4, top); ctx.lineTo(bar.x + 4, top);
          ctx.moveTo(bar.x - 4, bottom); ctx.lineTo(bar.x + 4, bottom);
          ctx.stroke();
          ctx.restore();
        });
      });
    }
  };

  function percentileLabel(v) {
    var decades = Math.round(Math.log10(v));
    if (Math.abs(Math.log10(v) - decades) > 1e-9) { return ''; }
    if (decades === 0) { return '0%'; }
    return (100 - 100 / v).toFixed(Math.max(0, decades - 2)) + '%';
  }

  function line(label, points, i, extra) {
    var d = {label: label, data: points.map(function (p) { return {x: p[0], y: p[1]}; }),
      borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length],
      pointRadius: 0, borderWidth: 1.5, showLine: true};
    return Object.assign(d, extra || {});
  }

  function title(text) {
    return {display: true, text: text, font: {size: 13}};
  }

  function spectrum(c) {
    return {
      type: 'scatter',
      data: {datasets: c.series.map(function (s, i) { return line(s.label, s.points, i, {borderDash: s.dash || []}); })},
      options: {
        plugins: {title: title(c.title)},
        scales: {
          x: {type: 'logarithmic', min: 1, max: 100000, title: {display: true, text: 'percentile'},
            afterBuildTicks: function (axis) { axis.ticks = [1, 10, 100, 1000, 10000, 100000].map(function (v) { return {value: v}; }); },
            ticks: {callback: percentileLabel}},
          y: {beginAtZero: true, title: {display: true, text: c.unit || 'ms'}}
        }
      }
    };
  }

  function timeline(c) {
    var sets = [line('ops/s', c.throughput, 0, {yAxisID: 'ops'})];
    c.latency.forEach(function (s, i) { sets.push(line(s.label, s.points, i + 1, {yAxisID: 'ms'})); });
    if (c.marks.length) {
      sets.push({label: 'failed / retries / reconnects', type: 'scatter', yAxisID: 'ops', pointStyle: 'triangle',
        pointRadius: 6, borderColor: '#d62728', backgroundColor: '#d62728',
        data: c.marks.map(function (m) { return {x: m.x, y: m.y, note: m.note}; })});
    }
    return {
      type: 'scatter', data: {datasets: sets}, plugins: [warmupShade, segmentBands],
      options: {
        bands: c.bands || [],
        plugins: {title: title(c.title), tooltip: {callbacks: {afterLabel: function (ctx) { return ctx.raw.note || ''; }}}},
        scales: {
          x: {type: 'linear', title: {display: true, text: 's from start of measurement'}},
          ops: {position: 'left', beginAtZero: true, title: {display: true, text: 'ops/s'}},
          ms: {position: 'right', beginAtZero: true, grid: {drawOnChartArea: false}, title: {display: true, text: 'sojourn ms'}}
        }
      }
    };
  }

  function load(c) {
    var sets = c.series.map(function (s, i) {
      return line(s.label, s.points, i, s.label.indexOf('scheduled') === 0 ? {borderDash: [6, 3]} : {});
    });
    return {
      type: 'scatter', data: {datasets: sets}, plugins: [warmupShade, segmentBands],
      options: {
        bands: c.bands,
        plugins: {title: title(c.title)},
        scales: {
          x: {type: 'linear', title: {display: true, text: 's from start of measurement'}},
          y: {beginAtZero: true, title: {display: true, text: 'ops/s'}}
        }
      }
    };
  }

  function curve(c) {
    var sets = c.series.map(function (s, i) { return line(s.label, s.points, i, {pointRadius: 3}); });
    if (c.slo) {
      sets.push(line('SLO ' + c.slo.label, c.slo.points, 7, {borderDash: [6, 4]}));
    }
    return {
      type: 'scatter', data: {datasets: sets},
      options: {
        plugins: {title: title(c.title)},
        scales: {
          x: {type: 'linear', beginAtZero: true, title: {display: true, text: 'achieved ops/s'}},
          y: {type: c.logY ? 'logarithmic' : 'linear', title: {display: true, text: 'sojourn ms'}}
        }
      }
    };
  }

  function bars(c) {
    return {
      type: 'bar',
      data: {labels: c.labels, datasets: c.series.map(function (s, i) {
        return {label: s.label, data: s.values, errors: s.errors, backgroundColor: palette[i % palette.length]};
      })},
      plugins: [errorBars],
      options: {plugins: {title: title(c.title)},
        scales: {y: {beginAtZero: true, title: {display: true, text: c.unit}}}}
    };
  }

  var kinds = {spectrum: spectrum, timeline: timeline, load: load, curve: curve, bars: bars};
  data.charts.forEach(function (c) {
    var config = kinds[c.kind](c);
    config.plugins = (config.plugins || []).concat([markDrawn]);
    config.options.responsive = true;
    config.options.maintainAspectRatio = false;
    new Chart(document.getElementById(c.id), config);
  });
})();
