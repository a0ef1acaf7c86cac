// Draws every chart of the report from the embedded JSON. Scenario charts draw at once; per-trial charts draw the
// first time their <details> opens. window.loadlabReport counts what was drawn, for tests and curious readers.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('loadlab-data').textContent);
  var state = window.loadlabReport = {drawn: 0, failed: []};
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f'];
  var models = [];
  data.scenarios.forEach(function (s) {
    s.models.forEach(function (m) { if (models.indexOf(m.model) < 0) models.push(m.model); });
  });
  function color(model) { return PALETTE[models.indexOf(model) % PALETTE.length]; }
  Chart.defaults.animation = false;
  Chart.defaults.responsive = true;
  Chart.defaults.maintainAspectRatio = false;
  Chart.defaults.font.size = 11;

  function fmt(v) {
    if (v === null || v === undefined || isNaN(v)) return '—';
    return v >= 100 ? Math.round(v).toLocaleString('en') : (+v.toPrecision(3)).toString();
  }
  // A log axis starts one decade below the smallest value, so that no bar sits on the axis and vanishes.
  function logMin(values) {
    var pos = values.filter(function (v) { return v > 0; });
    if (!pos.length) return undefined;
    return Math.pow(10, Math.floor(Math.log10(Math.min.apply(null, pos)) - 1e-9));
  }
  function dataValues(datasets) {
    var out = [];
    datasets.forEach(function (d) { if (d) d.data.forEach(function (v) { if (typeof v === 'number') out.push(v); }); });
    return out;
  }
  function logTicks(axis) {
    return {callback: function (v) {
      var e = Math.log10(v);
      return Math.abs(e - Math.round(e)) < 1e-9 || [2, 5].indexOf(+(v / Math.pow(10, Math.floor(e))).toFixed(6)) >= 0
        ? fmt(v) : '';
    }};
  }
  function loadAxis(s) {
    var label = s.models.length && s.models[0].points.length && /req\/s/.test(s.models[0].points[0].label)
      ? 'target rate (req/s)' : 'connections';
    return {type: 'logarithmic', title: {display: true, text: label}, ticks: logTicks()};
  }
  function series(m, key, extra) {
    var pts = m.points.filter(function (p) { return p[key] !== undefined && p[key] !== null; })
      .map(function (p) { return {x: p.x, y: p[key]}; });
    return Object.assign({label: m.model, data: pts, borderColor: color(m.model),
      backgroundColor: color(m.model), pointRadius: 3, borderWidth: 2}, extra || {});
  }
  function lineChart(canvas, datasets, scales, extra) {
    return new Chart(canvas, Object.assign({type: 'line', data: {datasets: datasets},
      options: {parsing: true, scales: scales, plugins: {legend: {labels: {boxWidth: 12, filter: function (item) { return !/ (ceiling|design cap|p50|p99\.9|rejected)$/.test(item.text); }}},
        tooltip: {callbacks: {label: function (c) { return c.dataset.label + ': ' + fmt(c.parsed.y); }}}}}}, extra));
  }

  var scenarioCharts = {
    throughput: function (canvas, s) {
      if (s.bars) return barCharts.throughput(canvas, s);
      var ds = [];
      s.models.forEach(function (m) {
        ds.push(series(m, 'rps'));
        var ceil = series(m, 'ceiling_rps', {label: m.model + ' ceiling', borderDash: [6, 4], pointRadius: 0,
          borderWidth: 1});
        if (ceil.data.length) ds.push(ceil);
        var cap = series(m, 'design_rps', {label: m.model + ' design cap', borderDash: [1, 3], pointRadius: 0,
          borderWidth: 2});
        if (cap.data.length) ds.push(cap);
        var bad = series(m, 'invalid_rps', {label: m.model + ' (invalid)', showLine: false, pointStyle: 'crossRot',
          pointRadius: 7, borderColor: '#9aa0aa', backgroundColor: '#9aa0aa'});
        if (bad.data.length) ds.push(bad);
      });
      return lineChart(canvas, ds, {x: loadAxis(s), y: {type: 'logarithmic', title: {display: true, text: 'req/s'},
        ticks: logTicks()}});
    },
    latency: function (canvas, s) {
      if (s.bars) return barCharts.latency(canvas, s);
      var ds = [];
      s.models.forEach(function (m) {
        ds.push(series(m, 'p50', {label: m.model + ' p50', borderDash: [2, 3], borderWidth: 1}));
        ds.push(series(m, 'p99', {label: m.model}));
        ds.push(series(m, 'p999', {label: m.model + ' p99.9', borderDash: [8, 4], borderWidth: 1}));
      });
      var floor = {};
      s.models.forEach(function (m) {
        m.points.forEach(function (p) { if (p.floor_ms) floor[p.x] = p.floor_ms; });
      });
      var fl = Object.keys(floor).map(Number).sort(function (a, b) { return a - b; })
        .map(function (x) { return {x: x, y: floor[x]}; });
      if (fl.length) ds.push({label: 'floor', data: fl, borderColor: '#777', backgroundColor: '#777',
        borderDash: [4, 4], pointRadius: 0, borderWidth: 2});
      return lineChart(canvas, ds, {x: loadAxis(s), y: {type: 'logarithmic', title: {display: true, text: 'ms'},
        ticks: logTicks()}});
    },
    errors: function (canvas, s) {
      if (s.bars) return barCharts.errors(canvas, s);
      var ds = [];
      s.models.forEach(function (m) {
        ds.push(series(m, 'errors', {label: m.model}));
        ds.push(series(m, 'rejections', {label: m.model + ' rejected', borderDash: [5, 3]}));
      });
      return lineChart(canvas, ds, {x: loadAxis(s), y: {beginAtZero: true, title: {display: true, text: 'count'}}});
    },
    cpu: simple('cpu', 'cores'),
    rss: simple('rss_mib', 'MiB'),
    threads: simple('threads', 'threads'),
    'request-rps': perRequest('rps', 'req/s'),
    'request-p99': perRequest('p99', 'p99 ms')
  };
  function simple(key, unit) {
    return function (canvas, s) {
      if (s.bars) return barChart(canvas, s, [modelBars(s, key, unit)], unit, false, false);
      return lineChart(canvas, s.models.map(function (m) { return series(m, key); }),
        {x: loadAxis(s), y: {beginAtZero: true, title: {display: true, text: unit}}});
    };
  }
  function perRequest(key, unit) {
    return function (canvas, s) {
      var byModel = s.per_request.models, ms = Object.keys(byModel), names = [];
      ms.forEach(function (m) { Object.keys(byModel[m]).forEach(function (n) {
        if (names.indexOf(n) < 0) names.push(n); }); });
      var ds = ms.map(function (m) {
        return {label: m, backgroundColor: color(m),
          data: names.map(function (n) { return byModel[m][n] ? byModel[m][n][key] : null; })};
      });
      return new Chart(canvas, {type: 'bar', data: {labels: names, datasets: ds},
        options: {scales: {y: {type: 'logarithmic', min: logMin(dataValues(ds)), title: {display: true, text: unit},
          ticks: logTicks()}}}});
    };
  }

  // One load level: one bar per model, invalid models greyed with ✕; ceilings drawn as short horizontal marks.
  function only(m) { return m.points[0] || {}; }
  function barLabels(s) {
    return s.models.map(function (m) { return only(m).valid === false ? m.model + ' ✕ not comparable' : m.model; });
  }
  function modelBars(s, key, label, fallback) {
    return {label: label, data: s.models.map(function (m) {
      var p = only(m), v = p[key];
      return v === undefined || v === null ? (fallback && p[fallback] !== undefined ? p[fallback] : null) : v;
    }), backgroundColor: s.models.map(function (m) { return only(m).valid === false ? '#c3c7cf' : color(m.model); })};
  }
  function marks(s, key, label, colour) {
    var data = s.models.map(function (m) { var v = only(m)[key]; return v === undefined ? null : v; });
    if (!data.some(function (v) { return v !== null; })) return null;
    return {type: 'line', label: label, data: data, showLine: false, pointStyle: 'line', pointRadius: 22,
      pointHoverRadius: 22, borderWidth: 3, borderColor: colour, backgroundColor: colour};
  }
  function barChart(canvas, s, datasets, unit, log, legend) {
    return new Chart(canvas, {type: 'bar', data: {labels: barLabels(s), datasets: datasets.filter(Boolean)},
      options: {scales: {y: log ? {type: 'logarithmic', min: logMin(dataValues(datasets)), title: {display: true,
        text: unit}, ticks: logTicks()}
        : {beginAtZero: true, title: {display: true, text: unit}}},
        plugins: {legend: {display: legend, labels: {boxWidth: 12}},
          tooltip: {callbacks: {label: function (c) { return c.dataset.label + ': ' + fmt(c.parsed.y); }}}}}});
  }
  function shade(hex) { return function (s) { return s.models.map(function (m) {
    return only(m).valid === false ? '#c3c7cf' : hex; }); }; }
  var barCharts = {
    throughput: function (canvas, s) {
      return barChart(canvas, s, [modelBars(s, 'rps', 'req/s', 'invalid_rps'),
        marks(s, 'ceiling_rps', 'workload ceiling', '#4b5563'), marks(s, 'design_rps', 'design cap', '#c53030')],
        'req/s', false, true);
    },
    latency: function (canvas, s) {
      var ds = [['p50', 'p50', '#9ecae1'], ['p99', 'p99', '#3182bd'], ['p999', 'p99.9', '#08519c']].map(function (k) {
        return {label: k[1], data: s.models.map(function (m) { var v = only(m)[k[0]]; return v === undefined ? null : v; }),
          backgroundColor: shade(k[2])(s)};
      });
      ds.push(marks(s, 'floor_ms', 'floor', '#4b5563'));
      return barChart(canvas, s, ds, 'ms', true, true);
    },
    errors: function (canvas, s) {
      var e = modelBars(s, 'errors', 'errors'), r = modelBars(s, 'rejections', 'rejections');
      e.backgroundColor = '#c53030';
      r.backgroundColor = '#c27c0e';
      return barChart(canvas, s, [e, r], 'count', false, true);
    }
  };

  var trialCharts = {
    timeline: function (canvas, t) {
      var pick = function (i) { return t.timeline.map(function (r) { return {x: r[0], y: r[i]}; }); };
      var ds = [
        {label: 'req/s', data: pick(1), borderColor: '#1f77b4', backgroundColor: '#1f77b4', yAxisID: 'y'},
        {label: 'p99 ms', data: pick(2), borderColor: '#d62728', backgroundColor: '#d62728', yAxisID: 'y2'},
        {label: 'errors', data: pick(3), borderColor: '#7f7f7f', backgroundColor: '#7f7f7f', yAxisID: 'y',
          borderDash: [4, 3]}
      ];
      var axes = {x: {type: 'linear', title: {display: true, text: 's'}},
        y: {beginAtZero: true, title: {display: true, text: 'req/s, errors'}},
        y2: {position: 'right', beginAtZero: true, grid: {drawOnChartArea: false},
          title: {display: true, text: 'p99 ms'}}};
      // the server's JIT compiler threads, in cores: a dip where they compiled is the JVM, not the host
      var jit = t.timeline.filter(function (r) { return r[4] !== null && r[4] !== undefined; });
      if (jit.length) {
        ds.push({label: 'server JIT cores', data: jit.map(function (r) { return {x: r[0], y: r[4]}; }),
          borderColor: '#2ca02c', backgroundColor: '#2ca02c', yAxisID: 'y3', borderDash: [2, 2], borderWidth: 1});
        axes.y3 = {position: 'right', min: 0, suggestedMax: 1, grid: {drawOnChartArea: false},
          title: {display: true, text: 'JIT cores'}};
      }
      // the server's garbage-collection pauses, ms in each second, on the p99 axis: a p99 bump above one is the pause
      var gc = t.timeline.filter(function (r) { return r[5] !== null && r[5] !== undefined; });
      if (gc.length) {
        ds.push({label: 'server GC pause ms', data: gc.map(function (r) { return {x: r[0], y: r[5]}; }),
          borderColor: '#8c564b', backgroundColor: '#8c564b', yAxisID: 'y2', borderDash: [1, 2], borderWidth: 1});
      }
      return lineChart(canvas, ds, axes);
    },
    spectrum: function (canvas, t) {
      // x = 1 / (1 - percentile): the HdrHistogram way of giving the tail room.
      var pts = t.spectrum.map(function (r) {
        return {x: r[0] >= 100 ? 1e5 : 100 / (100 - r[0]), y: r[1], pct: r[0]};
      });
      return lineChart(canvas, [{label: 'latency', data: pts, borderColor: '#9467bd', backgroundColor: '#9467bd'}],
        {x: {type: 'logarithmic', title: {display: true, text: 'percentile'}, ticks: {callback: function (v) {
          var e = Math.log10(v);
          if (Math.abs(e - Math.round(e)) > 1e-9) return '';
          return v >= 1e5 ? 'max' : (100 - 100 / v).toFixed(Math.max(0, Math.round(e) - 2)) + '%';
        }}}, y: {beginAtZero: true, title: {display: true, text: 'ms'}}});
    }
  };

  function draw(canvas, fn, arg) {
    try {
      fn(canvas, arg);
      canvas.setAttribute('data-drawn', 'true');
      state.drawn++;
    } catch (e) {
      state.failed.push(canvas.getAttribute('data-chart') + ': ' + e);
      throw e;
    }
  }
  document.querySelectorAll('canvas[data-scenario]').forEach(function (c) {
    draw(c, scenarioCharts[c.getAttribute('data-chart')], data.scenarios[+c.getAttribute('data-scenario')]);
  });
  document.querySelectorAll('details.trial').forEach(function (d) {
    function drawOpen() {
      if (!d.open) return;
      d.querySelectorAll('canvas[data-trial]:not([data-drawn])').forEach(function (c) {
        draw(c, trialCharts[c.getAttribute('data-chart')], data.trials[c.getAttribute('data-trial')]);
      });
    }
    d.addEventListener('toggle', drawOpen);
    drawOpen();
  });
  state.ready = true;
})();
