"""`GET /metrics` in the Prometheus text format: requests by route and status, latency
histograms, search-cache hit rate, dataset and index versions.

Under `refapp serve` (several worker processes) the counters live in prometheus-client's
multiprocess folder (PROMETHEUS_MULTIPROC_DIR, set by refapp/commands/serve_config.py) and a
scrape adds up every worker; without it (tests, `--debug`) they are this process's own. Each
app gets its own registry, so building several apps in one process never collides.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, current_app, g, request
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

from refapp.search import index_in_use

EXTENSION = "refapp_metrics"
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# Label values come from these sets only, so no client can add series (issue 21: 2,000 invented
# methods added 2,029 series): the HTTP methods of RFC 9110 and PATCH, else "other"; the route
# is a rule of the app or "unmatched"; the status a code the app answered, else "other".
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"})
OTHER = "other"


def method_label(method: str) -> str:
    """The request's method as a label value: a known method, else "other"."""
    return method if method in KNOWN_METHODS else OTHER


def status_label(status: int) -> str:
    """An HTTP status code as a label value (three digits 100-599), else "other"."""
    return str(status) if 100 <= status <= 599 else OTHER


@dataclass
class Metrics:
    registry: CollectorRegistry
    requests: Counter
    latency: Histogram
    cache_lookups: Counter
    seen: dict[str, Any] = field(default_factory=dict)  # search cache counts already exported
    lock: threading.Lock = field(default_factory=threading.Lock)
    # (route, method, status) -> (request counter, latency histogram) children: labels() takes
    # a lock and validates its values on every call; every request needs them
    children: dict[tuple[str, str, int], tuple[Any, Any]] = field(default_factory=dict)

    def observe(self, route: str, method: str, status: int, seconds: float | None) -> None:
        method = method_label(method)
        key = (route, method, status)
        pair = self.children.get(key)
        if pair is None:
            pair = self.children.setdefault(
                key, (self.requests.labels(route, method, status_label(status)), self.latency.labels(route))
            )
        pair[0].inc()
        if seconds is not None:
            pair[1].observe(seconds)


class _VersionCollector:
    """refapp_build_info{dataset, index}: read at scrape time, so a rolled index shows at once."""

    def __init__(self, app: Flask):
        self.app = app

    def collect(self):  # type: ignore[no-untyped-def]
        from refapp.readiness import readiness

        with self.app.app_context():
            ready = readiness()
        family = GaugeMetricFamily(
            "refapp_build_info", "Dataset and search index this replica serves", labels=["dataset", "index"]
        )
        family.add_metric([ready["dataset"]["version"], ready["index"]["version"] or ""], 1)
        yield family
        up = GaugeMetricFamily("refapp_ready", "1 when dataset, index and scenarios are loaded")
        up.add_metric([], 1 if ready["ready"] else 0)
        yield up


def _registry(app: Flask) -> tuple[CollectorRegistry, CollectorRegistry]:
    """(registry the metrics are created in, registry a scrape reads)."""
    own = CollectorRegistry(auto_describe=True)
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return own, own
    from prometheus_client import multiprocess

    scrape = CollectorRegistry()
    multiprocess.MultiProcessCollector(scrape)
    return own, scrape


def init_app(app: Flask) -> None:
    """Time every request (refapp/views/metrics.py serves what `exposition` writes)."""
    own, scrape = _registry(app)
    metrics = Metrics(
        registry=scrape,
        requests=Counter(
            "refapp_http_requests_total",
            "HTTP requests answered, by route pattern, method and status",
            ["route", "method", "status"],
            registry=own,
        ),
        latency=Histogram(
            "refapp_http_request_duration_seconds",
            "Time from request to response in the app, by route pattern",
            ["route"],
            buckets=LATENCY_BUCKETS,
            registry=own,
        ),
        cache_lookups=Counter(
            "refapp_search_cache_lookups_total",
            "Search answers looked up in the per-index answer cache, by result (hit or miss)",
            ["result"],
            registry=own,
        ),
    )
    scrape.register(_VersionCollector(app))
    app.extensions[EXTENSION] = metrics
    app.before_request(_start_timer)
    app.after_request(_observe)


def _start_timer() -> None:
    g.metrics_started = time.perf_counter()


def _observe(response: Response) -> Response:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    metrics: Metrics = app.extensions[EXTENSION]
    started = g.get("metrics_started")
    req = request._get_current_object()  # type: ignore[attr-defined]
    rule = req.url_rule
    metrics.observe(
        rule.rule if rule is not None else "unmatched",
        req.method,
        response.status_code,
        None if started is None else time.perf_counter() - started,
    )
    _export_cache_counts(metrics, app)
    return response


def _export_cache_counts(metrics: Metrics, app: Flask) -> None:
    """Add the search cache's new hits and misses since the last request (per process)."""
    cache = getattr(index_in_use(app), "cache", None)
    hits, misses = getattr(cache, "hits", None), getattr(cache, "misses", None)
    if hits is None or misses is None:
        return
    seen = metrics.seen
    if seen.get("cache") is cache and seen.get("hits") == hits and seen.get("misses") == misses:
        return  # nothing new (the cache is off, or this request did not search)
    with metrics.lock:
        if metrics.seen.get("cache") is not cache:
            metrics.seen.update(cache=cache, hits=0, misses=0)
        new_hits, new_misses = hits - metrics.seen["hits"], misses - metrics.seen["misses"]
        metrics.seen.update(hits=hits, misses=misses)
    if new_hits > 0:
        metrics.cache_lookups.labels("hit").inc(new_hits)
    if new_misses > 0:
        metrics.cache_lookups.labels("miss").inc(new_misses)


def exposition(app: Flask) -> bytes:
    """Every metric of the app (of all workers under `refapp serve`) in the Prometheus text format."""
    metrics: Metrics = app.extensions[EXTENSION]
    return generate_latest(metrics.registry)
