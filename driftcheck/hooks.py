"""pre-commit entry points: ``main(argv) -> int`` functions, tested directly.

- ``check_main``: runs the verifier on the staged Python files that define ``nn.Module``
  subclasses (others are skipped without parsing), exit 1 at ``--fail-on`` (default major).
- ``compare_main``: ``--pair LEFT=RIGHT`` (repeatable; any two sides ``driftcheck compare``
  takes: code, config, model directory, checkpoint, manifest, ``hf:<id>``) compares each pair
  either of whose sides is or holds a staged file (all pairs with ``--always``): a config-only
  or checkpoint-only change runs it too.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from driftcheck import safeio
from driftcheck.cli import main as cli_main
from driftcheck.errors import DriftcheckError

_MODULE_HINT = re.compile(r"^class\s+\w+\s*\([^)]*(Module|Model)\b", re.MULTILINE)


def _defines_modules(path: str) -> bool:
    try:
        with safeio.open_input(path) as fh:  # a named pipe or a device is not a model file
            text = fh.read(4 * 1024 * 1024).decode("utf-8", errors="replace")
    except (OSError, DriftcheckError):
        return False
    return bool(_MODULE_HINT.search(text))


def check_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="driftcheck-check")
    ap.add_argument("--fail-on", default=None, help="passed to driftcheck check")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    files = [f for f in args.files if f.endswith(".py") and _defines_modules(f)]
    if not files:
        return 0
    extra = ["--fail-on", args.fail_on] if args.fail_on else []
    return cli_main(["check", *files, "--format", "text", *extra])


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
        rc = max(rc, cli_main(["compare", left, right, "--format", "text", *extra]))
    return rc
