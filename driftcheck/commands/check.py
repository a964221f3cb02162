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

from driftcheck import safeio
from driftcheck.commands import assume_env_option
from driftcheck.errors import DriftcheckError, NoModel
from driftcheck.findings import Finding, Location


def _options(
    settings,
    input_shape,
    gpu,
    dtype,
    context_length,
    select,
    disable,
    input_dtype=None,
    input_range=None,
):
    from driftcheck.graph.shapes import parse_shape
    from driftcheck.parsers.source.forward.edges import RANGE_DTYPES, input_dtype_facts
    from driftcheck.parsers.source.forward.edges import input_range as parse_range
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
    dtype_text = input_dtype or settings.input_dtype
    if dtype_text:
        try:
            input_dtype_facts(dtype_text)
        except ValueError as e:
            raise DriftcheckError(str(e), "--input-dtype") from None
        if shapes is None:  # every dtype rule runs on real sizes only
            raise DriftcheckError("--input-dtype needs --input-shape", "--input-dtype")
    range_text = input_range or settings.input_range
    if range_text:
        try:
            parse_range(range_text)
        except ValueError as e:
            raise DriftcheckError(str(e), "--input-range") from None
        # the values of token ids: an int64 input (on real sizes, as every value rule)
        if shapes is None or (dtype_text or "").strip().removeprefix("torch.") not in RANGE_DTYPES:
            raise DriftcheckError(
                "needs --input-shape and --input-dtype int64 (the values of token ids)",
                "--input-range",
            )
    sel = list(select) or settings.select
    return VerifyOptions.make(
        input_shapes=shapes,
        input_dtype=dtype_text or None,
        input_range=range_text or None,
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


def check_one(source: str, options, config: str | None = None, display: str | None = None):
    """Load, verify and suppress; findings without a location get the source's file
    (``display``: the file a class of a directory run is defined in)."""
    from driftcheck.parsers import kind_of, load, read_json
    from driftcheck.parsers.source.forward.edges import (
        concrete_input,
        input_dtype_facts,
        input_range,
    )
    from driftcheck.verifier import suppress
    from driftcheck.verifier.runner import graph_from_data, verify

    if kind_of(source) == "graph":
        graph = graph_from_data(read_json(Path(source)), source)
    else:
        given = (options.input_shapes or {}).get("*")
        dtype = input_dtype_facts(options.input_dtype) if options.input_dtype else None
        values = input_range(options.input_range) if options.input_range else None
        # forward followed on the real sizes (precise SHP checks), the input's dtype and values
        with concrete_input(given, dtype, values):
            graph = load(source, config=config)
    report = verify(graph, _bind_input(graph, options))
    kept, dropped = suppress.apply(report.findings)
    report.findings, report.suppressed = kept, dropped
    report.rescore()
    path = display or source.split("::")[0]
    for f in report.findings:
        if not f.locations:
            f.locations = [Location(file=path)]
    return graph, report


def _check_models(
    source: str, opts, config: str | None, progress=None
) -> list[tuple[str, object, object]]:
    """(label, graph, report) per model: a Python file or directory with several independent
    top-level models (and no ``::Class``) is checked model by model instead of refused. The
    label names the file each class is defined in (``dir/modeling_x.py::XModel``)."""
    from driftcheck.parsers.source.analyze import AmbiguousRoot

    try:
        return [(source, *check_one(source, opts, config))]
    except AmbiguousRoot as e:
        files = _defining_files(source, e.candidates)
        out = []
        if progress is not None:
            progress.grow(len(e.candidates))
        for name in e.candidates:
            file = files.get(name)
            label = f"{file}::{name}" if file else f"{source}::{name}"
            out.append((label, *check_one(f"{source}::{name}", opts, config, display=file)))
            if progress is not None:
                progress.step(label)
        return out


def _defining_files(source: str, classes: list[str]) -> dict[str, str]:
    """Class name -> the file under ``source`` that defines it (a directory run), when one
    file does; a file source maps every class to itself."""
    import re

    path = Path(source.split("::")[0])
    if path.is_file():
        return {c: str(path) for c in classes}
    if not path.is_dir():
        return {}
    wanted = set(classes)
    found: dict[str, list[str]] = {}
    for f in sorted(path.rglob("*.py"))[:2000]:
        text = safeio.read_text_lenient(f)
        if text is None:
            continue
        for name in re.findall(r"^class (\w+)\b", text, re.M):
            if name in wanted:
                found.setdefault(name, []).append(str(f))
    return {c: fs[0] for c, fs in found.items() if len(fs) == 1}


def merge_models(runs: list[tuple[str, object, object]]) -> list[Finding]:
    """One finding per root cause across the models of one run: the head classes of a
    transformers file (``GPT2LMHeadModel``, ``GPT2ForQuestionAnswering``, ...) share their
    body, so each says the same thing about the same code. Findings are the same root cause
    when they have the same check, the same file and the same message up to the module path (``transformer.h.0.mlp`` in a head class is ``h.0.mlp``
    in the bare model). The kept finding names the other classes in its evidence and holds
    each place they point at (a class's own ``forward`` line), so an ignore comment on any of
    them, or ``--add-ignore`` on all, covers the one cause."""
    first: dict[tuple, tuple[Finding, list[str]]] = {}
    out: list[Finding] = []
    for label, _graph, report in runs:
        seen_here: set[tuple] = set()
        for f in report.findings:
            loc = next((x for x in f.locations if x.file), None)
            key = (f.check_id, loc.file if loc else None, _short_paths(f.message))
            hit = first.get(key)
            if hit is None or key in seen_here:
                seen_here.add(key)
                first.setdefault(key, (f, []))
                out.append(f)
            else:
                hit[1].append(label.rsplit("::", 1)[-1])
                have = {(x.file, x.line) for x in hit[0].locations}
                hit[0].locations += [x for x in f.locations if (x.file, x.line) not in have]
    for f, also in first.values():
        if also:
            more = f"also in {len(also)} more model(s) of this run: {', '.join(also[:6])}"
            more += ", ..." if len(also) > 6 else ""
            f.evidence = f"{f.evidence}; {more}" if f.evidence else more
    return out


def _short_paths(message: str) -> str:
    """Dotted module paths cut to their last three parts (``transformer.h.0.mlp.c_fc`` and
    ``h.0.mlp.c_fc`` both read ``0.mlp.c_fc``): the same layer seen from two roots."""
    import re

    return re.sub(
        r"\b[\w]+(?:\.[\w]+){3,}", lambda m: ".".join(m.group(0).split(".")[-3:]), message
    )


@click.command(name="check")
@click.argument("paths", nargs=-1, required=True)
@click.option("--input-shape", help="Input shape, e.g. 2,3,32,32 or B,T,768.")
@click.option(
    "--input-dtype",
    help="dtype of that input as torch spells it (int64 for token ids, float32, bool...); "
    "needs --input-shape. Default: unknown (no dtype verdicts on it).",
)
@click.option(
    "--input-range",
    metavar="LO:HI",
    help="every value of that input lies in [LO, HI), as torch.randint(LO, HI) draws token "
    "ids (0:32000); needs --input-shape and --input-dtype int64. Default: unknown.",
)
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
@click.option(
    "--skip-no-model",
    is_flag=True,
    help="A Python file with no nn.Module subclass and no module-level `model` is noted and "
    "skipped, not an error (the pre-commit hook and the Action pass it).",
)
@assume_env_option("Also `assume-env-defaults = true` in [tool.driftcheck].")
def command(
    paths,
    input_shape,
    input_dtype,
    input_range,
    config,
    fmt,
    gpu,
    dtype,
    context_length,
    select,
    disable,
    fail_on,
    show_cost,
    skip_no_model=False,
    assume_env_defaults=False,
) -> int:
    """Run the verifier's checks on PATHS (Python model code, configs, graph JSON)."""
    from driftcheck.config import load_settings
    from driftcheck.parsers.source.library.environ import assume_env_defaults as assume
    from driftcheck.progress import Progress
    from driftcheck.reports import ReportContext, exit_code, render
    from driftcheck.speed import per_path

    findings: list[Finding] = []
    scores = []
    costs = {}
    level = fail_on
    skipped: dict[str, str] = {}
    failed: list[tuple[str, DriftcheckError]] = []
    assumed: list[str] = []  # the values --assume-env-defaults decided, one note each
    with Progress(len(paths), "check") as progress:
        runs = []
        for source in paths:
            where = source.split("::")[0] if not source.startswith("hf:") else "."
            settings = load_settings(where)
            level = level or settings.fail_on
            opts = _options(
                settings,
                input_shape,
                gpu,
                dtype,
                context_length,
                select,
                disable,
                input_dtype,
                input_range,
            )
            on = assume_env_defaults or settings.assume_env_defaults
            with per_path(), assume(on) as got:  # per_path: fresh stores for each (speed.py)
                try:
                    models = _check_models(source, opts, config, progress)
                except NoModel as e:
                    # a utility file the hook's cheap filter let through (a pydantic
                    # ``class X(BaseModel)``): not model code, so no verdict on it
                    if not skip_no_model:
                        raise
                    skipped[source] = e.message
                    models = []
                except DriftcheckError as e:
                    # one file of several that cannot be read (or whose model would raise
                    # when built): the others are still checked and reported, so a commit of
                    # many files does not lose their verdicts; the exit is still 2, with one
                    # error line per such file, after the report
                    if len(paths) == 1:
                        raise
                    failed.append((source, e))
                    models = []
            assumed += [n for n in sorted(got) if n not in assumed]
            progress.step(source)
            runs += models
            for one, graph, report in models:
                scores.append((one, report.score, len(report.suppressed)))
                if show_cost:
                    from driftcheck.verifier.context import Context

                    costs[one] = Context(graph, _bind_input(graph, opts)).cost.summary()
        findings = merge_models(runs)
    ctx = ReportContext(
        command="check",
        sources={"input": ", ".join(paths)},
        color=fmt == "text" and sys.stdout.isatty(),
    )
    out = render(findings, fmt, ctx)
    if fmt == "json":
        data = json.loads(out)
        data["scores"] = {s: score for s, score, _ in scores}
        # each model's parameter count (null when some size is unknown: ``notes`` say why)
        data["models"] = {label: _model_json(graph) for label, graph, _ in runs}
        if len(runs) == 1:
            data.update(data["models"][runs[0][0]])
        if show_cost:
            data["cost"] = costs
        if skipped:
            data["skipped"] = skipped
        if assumed:
            data["env_defaults_assumed"] = assumed
        if failed:
            # which files of the run failed, and why (their error lines follow on stderr): a
            # reader of the JSON tells a file that failed from one never given
            data["errors"] = {source: e.one_line() for source, e in failed}
        out = json.dumps(data, indent=2, default=str) + "\n"
    click.echo(out, nl=False)
    from driftcheck import selection

    layer = selection.current()
    if fmt == "text" and not (layer and layer.quiet):
        for source, score, hidden in scores:
            extra = f", {hidden} suppressed" if hidden else ""
            click.echo(f"{source}: score {score:g}/100{extra}")
        for source, why in skipped.items():
            click.echo(f"{source}: skipped ({why}; not model code)")
        for note in assumed:
            click.echo(f"note: {note}")
        for source, c in costs.items():
            click.echo(_cost_text(source, c))
    if failed:
        from driftcheck.cli import fail  # a cycle at import time

        lines = list(dict.fromkeys(e.one_line() for _, e in failed))  # an option's error once
        for line in lines[:-1]:
            fail(line)
        raise DriftcheckError(lines[-1])
    return exit_code(findings, level)


def _model_json(graph) -> dict:
    """What ``check --format json`` says of one model besides its findings: ``params_total``
    (trainable, tied weights once; null when unknown), the parser's notes, and its origin."""
    from driftcheck.graph.counting import shown_notes

    return {
        "params_total": graph.params_total(),
        "notes": shown_notes(graph)[:50],
        "origin": graph.origin.model_dump(mode="json", exclude_none=True),
    }


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
