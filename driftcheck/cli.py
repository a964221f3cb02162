"""Thin click CLI. Exit codes everywhere: 0 ok, 1 findings, 2 usage or input error.

Each command lives in ``driftcheck/commands/<name>.py`` and is imported only when it runs, so
``driftcheck --help`` and the static paths stay fast (no torch, no transformers).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from driftcheck.errors import DriftcheckError

# command name -> module under driftcheck.commands exporting ``command`` (a click.Command)
COMMANDS = {
    "graph": "Render the typed graph of a source (graph JSON, Python, config, manifest).",
    "layers": "List the layer catalogue (layers and blocks).",
    "compare": "Report drift between two descriptions of one model.",
    "check": "Run the verifier's checks on model code, configs or graphs.",
    "checks": "List the verifier's checks.",
    "explain": "Explain one check by id or name.",
    "schema": "Print the JSON Schema of the graph format.",
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
        return mod.command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, h) for n, h in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="driftcheck")
def cli() -> None:
    """driftcheck: does the code, the HF config and the serving setup describe one model?"""
    # one config per process: a config-parametric template (parsers/template.py) would be
    # traced and never reused, which costs a second interpretation. DRIFTCHECK_TEMPLATE=1 on.
    os.environ.setdefault("DRIFTCHECK_TEMPLATE", "0")


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


def fail(message: str) -> None:
    click.echo(f"driftcheck: error: {error_line(message)}", err=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point; never lets a traceback reach the user."""
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
    except KeyboardInterrupt:
        fail("interrupted")
        return 2
    except Exception as e:  # the last line of defence: one line, never a traceback
        fail(f"internal error ({type(e).__name__}): {e}")
        return 2
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":
    sys.exit(main())
