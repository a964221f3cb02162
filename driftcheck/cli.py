"""Thin click CLI. Exit codes everywhere: 0 ok, 1 findings, 2 usage or input error.

Each command lives in ``driftcheck/commands/<name>.py`` and is imported only when it runs, so
``driftcheck --help`` and the static paths stay fast (no torch, no transformers).

Every command that reports findings (``FINDING_COMMANDS``) gets the linter options here, once,
whatever the command's own module says: ``--select`` / ``--extend-select`` / ``--ignore``,
``--baseline`` / ``--update-baseline``, ``--exit-zero``, ``-o/--output-file``, ``-q/--quiet``,
``--add-ignore`` and one ``--fail-on`` (default ``selection.DEFAULT_FAIL_ON``). They open a
``selection.Layer`` around the command; ``reports.render`` and ``reports.exit_code`` apply it.
A mistyped command or rule id gets a "did you mean".
"""

from __future__ import annotations

import functools
import importlib
import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import click

from driftcheck.errors import DriftcheckError
from driftcheck.speed import one_chunk

# command name -> module under driftcheck.commands exporting ``command`` (a click.Command)
COMMANDS = {
    "graph": "Render the typed graph of a source (graph JSON, Python, config, manifest).",
    "layers": "List the layer catalogue (layers and blocks).",
    "compare": "Report drift between two descriptions of one model.",
    "check": "Run the verifier's checks on model code, configs or graphs.",
    "checks": "List the verifier's checks (--all: every rule, DRF and SRV too).",
    "explain": "Explain any rule by id or name (SHP001, DRF005, SRV001...).",
    "schema": "Print the JSON Schema of the graph format.",
    "fix": "Apply the fixes driftcheck knows (libcst, byte-preserving) or add ignore comments.",
}

FINDING_COMMANDS = ("check", "compare")
# extras a reader needs -> the extra that installs them (a missing one is exit 2, one line)
EXTRA_OF = {
    "gguf": "serving",
    "onnx": "serving",
    "safetensors": "serving",
    "google": "serving",
    "torch": "torch",
    "transformers": "torch",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        try:
            mod = importlib.import_module(f"driftcheck.commands.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"driftcheck.commands.{name}":
                return None
            raise
        cmd = mod.command
        if name in FINDING_COMMANDS and not getattr(cmd, "_linter", False):
            _add_linter_options(cmd)
        if name == "explain" and not getattr(cmd, "_linter", False):
            _suggest_on_unknown(cmd)
        return cmd

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-"):
            from driftcheck.selection import did_you_mean

            raise click.UsageError(f"no such command {name!r}{did_you_mean(name, set(COMMANDS))}")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, h) for n, h in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="driftcheck")
def cli() -> None:
    """driftcheck: does the code, the HF config and the serving setup describe one model?"""
    from driftcheck.speed import Speed, use

    # The command's speed layer, built once and in force until it ends (driftcheck/speed.py).
    # One config per process: a config-parametric template (parsers/template.py) would be
    # traced and never reused, which costs a second interpretation, so the CLI's choice is
    # templates off; DRIFTCHECK_TEMPLATE=1 turns them on. The environment is not changed.
    ctx = click.get_current_context()
    ctx.with_resource(use(Speed.from_env(template=False)))


MAX_ERROR_CHARS = 1000
"""An error line is cut to this many characters (a marker says how many more there were)."""


def error_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` as one bounded, printable line: whitespace runs (newlines included) become
    one space, other control characters are shown escaped (a terminal escape sequence or a
    workflow command cannot ride in on a file name), and past ``limit`` characters the rest is
    replaced by ``... [N more characters]``."""
    text = " ".join(message.split())
    if len(text) > limit:
        text = f"{text[:limit]}... [{len(text) - limit} more characters]"
    if not text.isprintable():
        text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return text


def _linter_params(cmd: click.Command) -> list[click.Parameter]:
    have = {p.name for p in cmd.params}
    opts: list[click.Parameter] = []
    if "select" not in have:
        opts.append(
            click.Option(
                ["--select"], multiple=True, help="Report only these rules (id, prefix, name)."
            )
        )
    opts += [
        click.Option(["--extend-select"], multiple=True, help="Add rules to the selection."),
        click.Option(["--ignore"], multiple=True, help="Do not report these rules."),
        click.Option(
            ["--baseline"],
            type=click.Path(dir_okay=False),
            help="Report only findings not in FILE (written from this run when missing).",
        ),
        click.Option(["--update-baseline"], is_flag=True, help="Rewrite --baseline from this run."),
        click.Option(["--exit-zero"], is_flag=True, help="Exit 0 even when findings fail."),
        click.Option(["-q", "--quiet"], is_flag=True, help="Print the findings only."),
        click.Option(
            ["--add-ignore"],
            is_flag=True,
            help="Write '# driftcheck: ignore[ID]' on the line of every reported finding.",
        ),
        click.Option(["--fix"], is_flag=True, help="Apply the fixes driftcheck knows (libcst)."),
        click.Option(["--diff"], is_flag=True, help="Print the fixes as a diff; write nothing."),
    ]
    if "output" not in have:
        opts.append(
            click.Option(
                ["-o", "--output-file", "output_file"],
                type=click.Path(dir_okay=False),
                help="Write the report to FILE instead of stdout.",
            )
        )
    else:
        for p in cmd.params:
            if p.name == "output" and "--output-file" not in p.opts:
                p.opts.append("--output-file")
    return opts


def _add_linter_options(cmd: click.Command) -> None:
    """The linter layer's options and one --fail-on, on a command that reports findings."""
    from driftcheck.selection import DEFAULT_FAIL_ON, SEVERITY_SCALE

    cmd._linter = True  # type: ignore[attr-defined]
    for p in cmd.params:
        if p.name == "fail_on":
            p.default = None
            p.show_default = False
            p.type = click.Choice(SEVERITY_SCALE, case_sensitive=False)
            p.help = (
                f"Exit 1 at or above this severity (default: {DEFAULT_FAIL_ON}; "
                "info < minor = warning < major < blocker)."
            )
        if p.name == "fmt" and cmd.name == "compare" and isinstance(p.type, click.Choice):
            from driftcheck.reports import PAGE_FORMATS

            p.type = click.Choice([*p.type.choices, *PAGE_FORMATS])
    names = {p.name for p in cmd.params}
    added = _linter_params(cmd)
    cmd.params.extend(added)
    added_names = {p.name for p in added}
    inner = cmd.callback

    @functools.wraps(inner)
    def callback(**kw):
        from driftcheck.selection import Layer, activate, validate

        linter = {k: kw.pop(k) for k in list(kw) if k in added_names}
        select = kw.get("select", ()) if "select" in names else linter.pop("select", ())
        rules = [*select, *linter["extend_select"], *linter["ignore"]]
        validate(rules, "--select/--ignore")
        out = linter.get("output_file") or kw.get("output")
        layer = Layer(
            select=list(select) or None,
            extend_select=list(linter["extend_select"]),
            ignore=list(linter["ignore"]),
            baseline=linter["baseline"],
            update_baseline=linter["update_baseline"],
            exit_zero=linter["exit_zero"],
            quiet=linter["quiet"],
            output_file=out,
        )
        hashes = None
        if linter["fix"] or linter["diff"] or linter["add_ignore"]:
            from driftcheck.fix import snapshot

            hashes = snapshot(_path_args(kw))  # before the analysis reads them
        if os.environ.get("NO_COLOR") or out:
            click.get_current_context().color = False
        elif os.environ.get("FORCE_COLOR"):
            click.get_current_context().color = True  # click.echo keeps the ANSI codes
        with activate(layer):
            rv = _run(inner, kw, layer, linter.get("output_file"))
            if linter["fix"] or linter["diff"]:
                _fix(layer, hashes, write=linter["fix"] and not linter["diff"])
            _after(layer, linter["add_ignore"], hashes)
        return 0 if layer.exit_zero else rv

    cmd.callback = callback


def _run(inner, kw: dict, layer, output_file: str | None):
    """The command, its stdout sent to ``-o`` and its stderr notes dropped under ``--quiet``."""
    err = io.StringIO() if layer.quiet else None
    if output_file is None:
        if err is None:
            return inner(**kw)
        with redirect_stderr(err):
            return inner(**kw)
    buf = io.StringIO()
    with redirect_stdout(buf):
        if err is None:
            rv = inner(**kw)
        else:
            with redirect_stderr(err):
                rv = inner(**kw)
    try:
        Path(output_file).write_text(buf.getvalue(), encoding="utf-8")
    except OSError as e:
        raise DriftcheckError(f"cannot write report: {e.strerror or e}", output_file) from None
    return rv


def _path_args(kw: dict) -> list[str]:
    """The command's arguments that name files or folders (check's PATHS, compare's sides)."""
    vals = [*kw.get("paths", ()), kw.get("left"), kw.get("right")]
    out = []
    for v in vals:
        if isinstance(v, str) and not v.startswith("hf:"):
            p = v.split("::", 1)[0]
            if Path(p).exists():
                out.append(p)
    return out


def _fix(layer, hashes, write: bool) -> None:
    from driftcheck.fix import apply, plan

    p = plan(layer.last or [], hashes)
    diffs, skipped = apply(p, hashes, write=write)
    if not write:
        click.echo("".join(diffs), nl=False)
    for why in skipped:
        click.echo(f"driftcheck: not fixed: {why}", err=True)
    done = [e for e in p.edits if e.done]
    click.echo(f"driftcheck: {'fixed' if write else 'fixable'}: {len(done)} finding(s)", err=True)
    if write and layer.last:  # what --add-ignore and --baseline see next: the rest
        fixed = {id(e.finding) for e in done}
        layer.last = [f for f in layer.last if id(f) not in fixed]


def _after(layer, add_ignore: bool, hashes=None) -> None:
    if layer.baseline and layer.last is not None:
        if layer.update_baseline or not Path(layer.baseline).exists():
            from driftcheck.baseline import write_baseline

            n = write_baseline(layer.baseline, layer.last)
            if not layer.quiet:
                click.echo(
                    f"driftcheck: wrote baseline of {n} findings to {layer.baseline}", err=True
                )
    if add_ignore and layer.last:
        from driftcheck.fix import add_ignores

        n = add_ignores(layer.last, hashes)
        if not layer.quiet:
            click.echo(f"driftcheck: added {n} ignore comments", err=True)


def _suggest_on_unknown(cmd: click.Command) -> None:
    """``explain`` of an unknown id: the command's own error, with a "did you mean"."""
    cmd._linter = True  # type: ignore[attr-defined]
    inner = cmd.callback

    @functools.wraps(inner)
    def callback(**kw):
        try:
            return inner(**kw)
        except DriftcheckError as e:
            if not e.message.startswith("no check") or "did you mean" in e.message:
                raise
            from driftcheck.selection import did_you_mean, known_ids

            word = next(iter(kw.values()), "")
            hint = did_you_mean(str(word), set(known_ids()))
            raise DriftcheckError(e.message + hint, e.where) from None

    cmd.callback = callback


def _missing_extra(e: ModuleNotFoundError) -> str | None:
    top = (e.name or "").split(".")[0]
    extra = EXTRA_OF.get(top)
    if extra is None:
        return None
    return f"this input needs the {top!r} package: pip install 'driftcheck[{extra}]'" + (
        " (see the README's CPU note for torch)" if extra == "torch" else ""
    )


def fail(message: str) -> None:
    click.echo(f"driftcheck: error: {error_line(message)}", err=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point; never lets a traceback reach the user."""
    from driftcheck.speed import switched_off

    # the command's frames in one big data-stack chunk (speed.one_chunk): the same call depth
    # either way, only the frame's reserved stack differs
    if switched_off("cli_stack_chunk"):
        return _command(argv)
    return _command_one_chunk(argv)


def _command(argv: list[str] | None) -> int:
    from driftcheck.speed import cli_process, pydantic_plugins_skipped, switched_off

    # one command per process: the cyclic collector's passes only cost time (gcpause.py), and
    # pydantic's plugin scan reads every installed distribution's entry points (speed.py)
    with cli_process(not switched_off("cli_gc"), not switched_off("cli_gc_handback")):
        with pydantic_plugins_skipped(not switched_off("cli_no_plugin_scan")):
            return _main(argv)


_command_one_chunk = one_chunk(_command)


def _main(argv: list[str] | None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="driftcheck", standalone_mode=False)
    except DriftcheckError as e:
        fail(e.one_line())
        return 2
    except click.exceptions.Abort:
        fail("aborted")
        return 2
    except click.ClickException as e:
        fail(e.format_message())
        return 2
    except RecursionError:
        fail("input nested too deeply")
        return 2
    except MemoryError:
        fail("input too large to analyze")
        return 2
    except ModuleNotFoundError as e:
        hint = _missing_extra(e)
        fail(hint or f"internal error (ModuleNotFoundError): {e}")
        return 2
    except KeyboardInterrupt:
        fail("interrupted")
        return 2
    except Exception as e:  # the last line of defence: one line, never a traceback
        fail(f"internal error ({type(e).__name__}): {e}")
        return 2
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":
    sys.exit(main())
