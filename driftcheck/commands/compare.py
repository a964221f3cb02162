"""``driftcheck compare LEFT RIGHT``: report drift between two descriptions of one model.

Each side is any source the parsers read (graph JSON, Python file / directory / package with an
optional ``::ClassName``, ``config.json`` or a model directory, ``hf:<id>``, a serving
manifest). The work is the drift service's (``driftcheck.drift``: load each side once, match,
the fork comparison with transformers' own modeling file, the serving rules); this command
parses the options, prints what the service picked on stderr and renders the findings (the
html page also draws the two loaded sides).

Exit codes: 0 when no finding reaches ``--fail-on`` (default ``selection.DEFAULT_FAIL_ON``,
major, as for every command), 1 when one does, 2 on bad input (one line on stderr).

``[tool.driftcheck]`` (session 26): the rules of each finding's file (ignore, severity,
per-file-ignores) apply as for every command (``selection.apply``); the command-level keys are
read from the pyproject.toml of each *code* side (a Python file or directory, found as
``check`` finds it): ``fail-on`` (the first code side that sets it, when ``--fail-on`` is not
given) and ``assume-env-defaults`` (on when every code side's settings say true: one launch
environment is assumed for the comparison, never one project's choice imposed on the other's
code). A config, hub id, graph or manifest side has no environment reads and no settings.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from driftcheck.commands import assume_env_option
from driftcheck.errors import DriftcheckError
from driftcheck.reports import FORMATS, ReportContext, exit_code, render
from driftcheck.selection import DEFAULT_FAIL_ON, SEVERITY_SCALE


def _say(line: str) -> None:
    click.echo(f"driftcheck: {line}", err=True)


def code_settings(left: str, right: str) -> list:
    """The ``[tool.driftcheck]`` settings of the sides that are Python code, left first (a
    side that cannot be read is left to ``load_sides``, which says why)."""
    from driftcheck.config import load_settings
    from driftcheck.parsers import kind_of, split_entry

    out = []
    for side in (left, right):
        path = Path(split_entry(side)[0])
        if side.startswith("hf:") or not (path.suffix == ".py" or path.is_dir()):
            continue  # a file that is not Python is never code: not opened here (one read a run)
        try:
            if kind_of(side) != "source":
                continue
        except DriftcheckError:
            continue
        out.append(load_settings(path))
    return out


@click.command(name="compare")
@click.argument("left")
@click.argument("right")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option(
    "--fail-on",
    type=click.Choice(SEVERITY_SCALE, case_sensitive=False),
    default=None,
    help=f"Exit 1 at or above this severity (default: {DEFAULT_FAIL_ON}).",
)
@click.option("--entry-left", help="Class to analyze on the left (also LEFT::ClassName).")
@click.option("--entry-right", help="Class to analyze on the right (also RIGHT::ClassName).")
@click.option("--exact", is_flag=True, help="Configs: build on torch's meta device (needs torch).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the report here.")
@assume_env_option()
def command(
    left, right, fmt, fail_on, entry_left, entry_right, exact, output, assume_env_defaults=False
) -> int:
    """Report drift between LEFT and RIGHT (code, config, hf:<id>, graph JSON, manifest)."""
    from driftcheck.drift import drift, load_sides
    from driftcheck.parsers.source.library.environ import assume_env_defaults as assume

    settings = code_settings(left, right)
    fail_on = fail_on or next((st.fail_on for st in settings if st.fail_on), None)
    on = assume_env_defaults or bool(settings) and all(st.assume_env_defaults for st in settings)
    with assume(on) as assumed:
        sides = load_sides(left, right, entry_left, entry_right, exact, _say)
        findings = drift(sides, left, right)
    for note in sorted(assumed):
        _say(note)
    color = fmt == "text" and output is None and sys.stdout.isatty()
    ctx = ReportContext(
        command="compare",
        sources={"left": left, "right": right},
        color=color,
        graphs={"left": sides.left, "right": sides.right},  # the html page draws these
    )
    text = render(findings, fmt, ctx)
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as e:
            raise DriftcheckError(f"cannot write report: {e.strerror or e}", output) from None
    else:
        click.echo(text, nl=False)
    return exit_code(findings, fail_on)
