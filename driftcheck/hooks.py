"""pre-commit entry points: ``main(argv) -> int`` functions, tested directly.

- ``check_main``: runs the verifier on the staged Python files that are model code as
  ``driftcheck check`` reads it (``analyses``): a file defining an ``nn.Module`` subclass, or a
  script binding a module-level ``model`` (``model = timm.create_model(...)``, ``model =
  Net(...)`` of a local module); others are skipped without running anything. Exit 1 at
  ``--fail-on`` (default major); a model that cannot be known statically passes with its notes.
- ``compare_main``: ``--pair LEFT=RIGHT`` (repeatable; any two sides ``driftcheck compare``
  takes: code, config, model directory, checkpoint, manifest, ``hf:<id>``) compares each pair
  either of whose sides is or holds a staged file (all pairs with ``--always``): a config-only
  or checkpoint-only change runs it too.
"""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from driftcheck import safeio
from driftcheck.errors import DriftcheckError
from driftcheck.toplevel import binds

_MODULE_HINT = re.compile(r"^class\s+\w+\s*\([^)]*(Module|Model)\b", re.MULTILINE)
# a line that may bind ``model`` (``model = ...``, ``model: nn.Module = ...``, ``net, model =
# ...``, indented under a top-level ``with``/``if``/``try``): only such files are parsed
_MODEL_HINT = re.compile(r"^[^#\n]*\bmodel\b[^#\n=]*(?<![=!<>])=(?!=)", re.MULTILINE)
ROOT_NAME = "model"  # the name ``driftcheck check`` takes a script's model from (analyze.py)


def _read(path: str) -> str | None:
    try:
        with safeio.open_input(path) as fh:  # a named pipe or a device is not a model file
            return fh.read(4 * 1024 * 1024).decode("utf-8", errors="replace")
    except (OSError, DriftcheckError):
        return None


def _defines_modules(path: str) -> bool:
    text = _read(path)
    return text is not None and bool(_MODULE_HINT.search(text))


def binds_model(st: ast.stmt) -> bool:
    """Whether a top-level statement binds ``model`` the way ``driftcheck check`` looks for it
    (``toplevel.binds``, the analyzer's own test: also inside a top-level ``with`` / ``if`` /
    ``try``, never the ``__main__`` block)."""
    return binds(st, ROOT_NAME)


def analyses(path: str) -> bool:
    """Whether the hook (and the Action, for a ``.py`` path) runs ``driftcheck check`` on a
    file: it defines an ``nn.Module`` subclass (by the text, no parsing) or binds a module-level
    ``model``, the script form ``check`` builds its model from (about half the wild corpus:
    ``model = make_model("resnet34")``, ``model = SirenNet(...)``). A plain utility file is
    decided on its text alone; only a file with a line that may bind ``model`` is parsed, and
    nothing is ever imported. A file that passes here and still holds no model (a pydantic
    ``class User(BaseModel)``) is skipped by ``check --skip-no-model``, not failed."""
    if not path.endswith(".py"):
        return False
    text = _read(path)
    if text is None:
        return False
    if _MODULE_HINT.search(text):
        return True
    if not _MODEL_HINT.search(text):
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False  # Python could not import it either; a model file says so via its class
    return any(binds_model(st) for st in tree.body)


_ENV_HELP = "passed on: os.environ.get(K, D) in the analyzed code read as D (default: unknown)"


def check_main(argv: list[str] | None = None) -> int:
    from driftcheck.cli import main as cli_main

    ap = argparse.ArgumentParser(prog="driftcheck-check")
    ap.add_argument("--fail-on", default=None, help="passed to driftcheck check")
    ap.add_argument("--assume-env-defaults", action="store_true", help=_ENV_HELP)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    files = [f for f in args.files if analyses(f)]
    if not files:
        return 0
    extra = ["--fail-on", args.fail_on] if args.fail_on else []
    extra += ["--assume-env-defaults"] if args.assume_env_defaults else []
    return cli_main(["check", *files, "--format", "text", "--skip-no-model", *extra])


def _covers(side: str, changed: list[str]) -> bool:
    """A changed file is this side (a code file, a config, a checkpoint, a manifest) or lies
    under it (a code package, a model directory); a Hub id changes with no commit here."""
    if side.startswith("hf:"):
        return False
    base = Path(side.split("::", 1)[0]).resolve()
    for f in changed:
        p = Path(f).resolve()
        if p == base or base in p.parents:
            return True
    return False


def compare_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="driftcheck-compare")
    ap.add_argument(
        "--pair",
        action="append",
        default=[],
        help="LEFT=RIGHT, repeatable: any two sides driftcheck compare takes (code, config, "
        "model directory, checkpoint, manifest, hf:<id>); compared when either side changed",
    )
    ap.add_argument("--fail-on", default=None, help="passed to driftcheck compare (major)")
    ap.add_argument("--always", action="store_true", help="compare even if no file changed")
    ap.add_argument("--assume-env-defaults", action="store_true", help=_ENV_HELP)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    if not args.pair:
        ap.error("give at least one --pair LEFT=RIGHT (e.g. src/model.py=config.json)")
    rc = 0
    for pair in args.pair:
        left, sep, right = pair.partition("=")
        if not sep or not left or not right:
            ap.error(f"--pair must be LEFT=RIGHT, got {pair!r}")
        if not args.always and not (_covers(left, args.files) or _covers(right, args.files)):
            continue
        extra = ["--fail-on", args.fail_on] if args.fail_on else []
        extra += ["--assume-env-defaults"] if args.assume_env_defaults else []
        from driftcheck.cli import main as cli_main

        rc = max(rc, cli_main(["compare", left, right, "--format", "text", *extra]))
    return rc
