"""``driftcheck check PATH...``: run the verifier on model code, configs or graph JSON.

Exit 0 when clean, 1 when a finding reaches ``--fail-on`` (default: major, as every command),
2 on bad input.
Settings come from flags, then ``[tool.driftcheck]`` in the nearest pyproject.toml.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Finding, Location


def _options(settings, input_shape, gpu, dtype, context_length, select, disable):
    from driftcheck.graph.shapes import parse_shape
    from driftcheck.verifier import VerifyOptions

    shape_text = input_shape or settings.input_shape
    shapes = None
    if shape_text:
        try:
            shape = parse_shape(shape_text)
        except ValueError:
            raise DriftcheckError(f"bad input shape {shape_text!r}", "--input-shape") from None
        if not shape:
            raise DriftcheckError(f"bad input shape {shape_text!r}", "--input-shape")
        shapes = {"*": shape}
    sel = list(select) or settings.select
    return VerifyOptions.make(
        input_shapes=shapes,
        select=[_key(k) for k in sel] if sel else None,
        disable=[*settings.disable, *(_key(k) for k in disable)],
        severity=dict(settings.severity),
        gpu=gpu or settings.gpu or "H100",
        dtype=dtype or settings.dtype,
        context_length=context_length or settings.context_length,
        batch_size=settings.batch_size or 1,
        thresholds=dict(settings.thresholds),
    )


def _key(k: str) -> str:
    from driftcheck.verifier import get_check
    from driftcheck.verifier.base import FAMILIES

    return k.upper() if k.upper() in FAMILIES else get_check(k).id


def _bind_input(graph, options):
    """``--input-shape`` applies to the graph's single input (or the first one)."""
    from dataclasses import replace

    if not options.input_shapes or "*" not in options.input_shapes:
        return options
    ins = graph.inputs()
    shape = options.input_shapes["*"]
    return replace(options, input_shapes={ins[0].id: shape} if ins else None)


def check_one(source: str, options, config: str | None = None):
    """Load, verify and suppress; findings without a location get the source path."""
    from driftcheck.parsers import kind_of, load, read_json
    from driftcheck.verifier import suppress
    from driftcheck.verifier.runner import graph_from_data, verify

    if kind_of(source) == "graph":
        graph = graph_from_data(read_json(Path(source)), source)
    else:
        graph = load(source, config=config)
    report = verify(graph, _bind_input(graph, options))
    kept, dropped = suppress.apply(report.findings)
    report.findings, report.suppressed = kept, dropped
    report.rescore()
    path = source.split("::")[0]
    for f in report.findings:
        if not f.locations:
            f.locations = [Location(file=path)]
    return graph, report


def _check_models(source: str, opts, config: str | None) -> list[tuple[str, object, object]]:
    """(source, graph, report) per model: a Python file with several independent top-level
    models (and no ``::Class``) is checked model by model instead of refused."""
    from driftcheck.parsers.source.analyze import AmbiguousRoot

    try:
        return [(source, *check_one(source, opts, config))]
    except AmbiguousRoot as e:
        subs = [f"{source}::{name}" for name in e.candidates]
        return [(sub, *check_one(sub, opts, config)) for sub in subs]


@click.command(name="check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--input-shape", help="Input shape, e.g. 2,3,32,32 or B,T,768.")
@click.option("--config", "config", type=click.Path(), help="config.json to bind code to.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif", "github", "markdown", "concise"]),
    default="text",
)
@click.option("--gpu", help="Target GPU for fit checks: T4 L4 A10G A100 H100 H200.")
@click.option("--dtype", help="Weights dtype for memory estimates (default: bfloat16).")
@click.option("--context-length", type=int, help="KV cache tokens (default: from the config).")
@click.option("--select", multiple=True, help="Run only these checks (id, name or family).")
@click.option("--disable", multiple=True, help="Skip these checks (id, name or family).")
@click.option("--fail-on", default=None, help="Exit 1 at or above this severity (major).")
@click.option("--cost", "show_cost", is_flag=True, help="Also print the cost model.")
def command(
    paths, input_shape, config, fmt, gpu, dtype, context_length, select, disable, fail_on, show_cost
) -> int:
    """Run the verifier's checks on PATHS (Python model code, configs, graph JSON)."""
    from driftcheck.config import load_settings
    from driftcheck.reports import ReportContext, exit_code, render

    findings: list[Finding] = []
    scores = []
    costs = {}
    level = fail_on
    for source in paths:
        settings = load_settings(source.split("::")[0] if not source.startswith("hf:") else ".")
        level = level or settings.fail_on
        opts = _options(settings, input_shape, gpu, dtype, context_length, select, disable)
        for one, graph, report in _check_models(source, opts, config):
            findings += report.findings
            scores.append((one, report.score, len(report.suppressed)))
            if show_cost:
                from driftcheck.verifier.context import Context

                costs[one] = Context(graph, _bind_input(graph, opts)).cost.summary()
    ctx = ReportContext(
        command="check",
        sources={"input": ", ".join(paths)},
        color=fmt == "text" and sys.stdout.isatty(),
    )
    out = render(findings, fmt, ctx)
    if fmt == "json":
        data = json.loads(out)
        data["scores"] = {s: score for s, score, _ in scores}
        if show_cost:
            data["cost"] = costs
        out = json.dumps(data, indent=2, default=str) + "\n"
    click.echo(out, nl=False)
    from driftcheck import selection

    layer = selection.current()
    if fmt == "text" and not (layer and layer.quiet):
        for source, score, hidden in scores:
            extra = f", {hidden} suppressed" if hidden else ""
            click.echo(f"{source}: score {score:g}/100{extra}")
        for source, c in costs.items():
            click.echo(_cost_text(source, c))
    return exit_code(findings, level)


def _cost_text(source: str, c: dict) -> str:
    def gb(b):
        return "?" if b is None else f"{b / 1e9:.3g} GB"

    lines = [
        f"cost of {source}:",
        f"  params            {c['params'] if c['params'] is not None else '?'}",
        f"  MACs / forward    {c['macs']} ({c['macs_unknown_layers']} layers unknown)",
        f"  activations       {gb(c['activation_bytes'])}",
        f"  weights ({c['dtype']}) {gb(c['weight_bytes'])}",
        f"  KV / token        {c['kv_bytes_per_token'] or '?'} bytes"
        f" (at {c['context_length'] or '?'} tokens: {gb(c['kv_bytes'])})",
        f"  Adam training     {gb(c['training_bytes_adam'])}",
    ]
    for name, fit in c["gpus"].items():
        ms = fit["decode_ms_per_token"]
        lat = "?" if ms is None else f"{ms:.3g} ms/token ({fit['bound']}-bound)"
        lines.append(
            f"  {name:<5} {'fits' if fit['fits'] else 'does not fit':<13} "
            f"need {fit['need_gb']:.3g} of {fit['memory_gb']:g} GB; decode {lat}"
        )
    return "\n".join(lines)
