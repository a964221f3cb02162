"""The GitHub Action's one step: ``python -m driftcheck.action`` (see ``action.yml``).

Reads its inputs from ``DRIFTCHECK_*`` variables (set by action.yml from the action inputs),
runs ``driftcheck check`` on the paths and ``driftcheck compare`` on each pair in subprocesses
(static path only: the PR's code is parsed, never imported or run), then:

- prints workflow annotations (``::error file=..,line=..::``) for findings on lines the PR
  changed (all findings when the base ref is unknown);
- appends the markdown report to ``$GITHUB_STEP_SUMMARY``;
- writes one SARIF 2.1.0 file for code-scanning upload;
- sets the ``findings`` and ``sarif-file`` outputs in ``$GITHUB_OUTPUT``;
- exits 1 when a finding reaches ``fail-on``, 2 on an input error.

Nothing here imports from the checkout (the pull request controls it): the action runs every
interpreter isolated (``python -I``: neither the current nor the script directory is on
``sys.path``, ``PYTHON*`` variables are ignored), and the subprocesses started here do the same.
Every string that reaches the log is either an escaped workflow command of ours or printed while
workflow commands are stopped (``::stop-commands::`` with a random token), so report text can
never become a command (``::add-mask::``, ``::error``...).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

from driftcheck.findings import Finding
from driftcheck.reports import ReportContext, exit_code, render
from driftcheck.reports.github import escape_data

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


def _split(value: str) -> list[str]:
    return [x for x in re.split(r"[\s,]+", value.strip()) if x]


def changed_lines(base: str | None, cwd: Path) -> dict[str, set[int]] | None:
    """Lines added or modified since ``base`` (file -> line numbers); None when unknown."""
    if not base:
        return None
    try:
        out = subprocess.run(
            [
                "git",
                "diff",
                "--unified=0",
                "--no-color",
                "--no-ext-diff",
                "--no-textconv",
                f"{base}...HEAD",
            ],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    lines: dict[str, set[int]] = {}
    current = None
    for row in out.stdout.splitlines():
        if row.startswith("+++ "):
            current = row[6:] if row.startswith("+++ b/") else None
            if current is not None:
                lines.setdefault(current, set())
        elif current is not None and (m := _HUNK.match(row)):
            start, count = int(m.group(1)), int(m.group(2) or 1)
            lines[current].update(range(start, start + count))
    return lines


def _run(args: list[str], cwd: Path) -> tuple[int, list[Finding], str]:
    proc = subprocess.run(
        [sys.executable, "-I", "-m", "driftcheck", *args, "--format", "json"],
        cwd=cwd,
        capture_output=True,
        text=True,
    )
    if proc.returncode == 2:
        return 2, [], proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "error"
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return 2, [], f"driftcheck {args[0]} printed no JSON report"
    return proc.returncode, [Finding.model_validate(f) for f in data.get("findings", [])], ""


ANNOTATE_MODES = ("changed-lines", "changed-files", "all", "none")


def _annotated(
    f: Finding, mode: str, changed: dict[str, set[int]] | None, ctx: ReportContext
) -> bool:
    """Whether a finding becomes an annotation; without a known base every finding does."""
    if mode == "all" or changed is None:
        return True
    for loc in f.locations:
        if loc.file:
            rel = ctx.relpath(loc.file)
            if rel not in changed:
                continue
            if mode == "changed-files" or loc.line is None or loc.line in changed[rel]:
                return True
    return False


def print_inert(text: str) -> None:
    """Print text the pull request may control with workflow commands stopped around it.

    GitHub's runner reads any log line starting with ``::`` as a command; between
    ``::stop-commands::TOKEN`` and ``::TOKEN::`` it reads none. The token is random per run, so
    the text cannot end the pause itself.
    """
    if not text:
        return
    token = secrets.token_hex(16)
    sys.stdout.write(f"::stop-commands::{token}\n")
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.write(f"::{token}::\n")


def output_line(name: str, value: str) -> str:
    """One ``$GITHUB_OUTPUT`` entry; a value with a newline uses a random heredoc delimiter."""
    if "\n" not in value and "\r" not in value:
        return f"{name}={value}\n"
    token = f"ghadelimiter_{secrets.token_hex(16)}"
    return f"{name}<<{token}\n{value}\n{token}\n"


def write_private(path: Path, text: str, workspace: Path) -> None:
    """Write the SARIF file without following a link the pull request may have planted.

    The checkout is the PR's: ``driftcheck.sarif`` (or a folder above it) could be a symlink to
    a file of the runner. The folder must resolve inside the workspace (or the runner's temp
    folder), and the file itself is opened with ``O_NOFOLLOW``.
    """
    parent = path.parent.resolve()
    allowed = [workspace.resolve()]
    if os.environ.get("RUNNER_TEMP"):
        allowed.append(Path(os.environ["RUNNER_TEMP"]).resolve())
    if not any(parent == a or a in parent.parents for a in allowed):
        raise OSError(f"{path} resolves outside the workspace")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(parent / path.name, flags, 0o644)
    except OSError as exc:
        raise OSError(f"{path}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)


def _model_code(path: str, workspace: Path) -> bool:
    """The pre-commit hook's choice (``hooks.analyses``) for a ``.py`` file of ``paths``, so
    both check the same files: one that is not model code (no ``nn.Module`` subclass, no
    module-level ``model``) is skipped with a notice, never an error. Directories, configs and
    graphs go to ``check`` as given. The file is read as text, never imported."""
    from driftcheck.hooks import analyses

    full = workspace / path
    if not path.endswith(".py") or not full.is_file():
        return True
    if analyses(str(full)):
        return True
    why = f"{path}: skipped, not model code (no nn.Module subclass, no module-level model)"
    print(f"::notice title=driftcheck::{escape_data(why)}")
    return False


def main() -> int:
    env = os.environ
    workspace = Path(env.get("GITHUB_WORKSPACE") or Path.cwd())
    fail_on = env.get("DRIFTCHECK_FAIL_ON") or "major"
    sarif_path = Path(env.get("DRIFTCHECK_SARIF") or "driftcheck.sarif")
    if not sarif_path.is_absolute():
        sarif_path = workspace / sarif_path
    log_format = env.get("DRIFTCHECK_FORMAT") or "text"
    annotate = (env.get("DRIFTCHECK_ANNOTATE") or "changed-lines").lower()
    if annotate not in ANNOTATE_MODES:
        errors_early = f"annotate must be one of {', '.join(ANNOTATE_MODES)}, got {annotate!r}"
        print(f"::error title=driftcheck::{escape_data(errors_early)}")
        return 2
    assume = (env.get("DRIFTCHECK_ASSUME_ENV_DEFAULTS") or "false").strip().lower()
    if assume not in ("true", "false"):
        errors_early = f"assume-env-defaults must be true or false, got {assume!r}"
        print(f"::error title=driftcheck::{escape_data(errors_early)}")
        return 2
    extra = ["--assume-env-defaults"] if assume == "true" else []

    findings: list[Finding] = []
    errors: list[str] = []
    paths = [p for p in _split(env.get("DRIFTCHECK_PATHS", "")) if _model_code(p, workspace)]
    if paths:
        rc, got, err = _run(["check", *paths, "--skip-no-model", *extra], workspace)
        findings += got
        if rc == 2:
            errors.append(err)
    for pair in _split(env.get("DRIFTCHECK_COMPARE", "")):
        left, sep, right = pair.partition("=")
        if not sep:
            errors.append(f"compare pair {pair!r} is not LEFT=RIGHT")
            continue
        rc, got, err = _run(["compare", left, right, "--fail-on", "info", *extra], workspace)
        findings += got
        if rc == 2:
            errors.append(err)

    ctx = ReportContext(command="action", root=workspace, sources={"workspace": str(workspace)})
    base = env.get("DRIFTCHECK_BASE") or (
        f"origin/{env['GITHUB_BASE_REF']}" if env.get("GITHUB_BASE_REF") else None
    )
    changed = changed_lines(base, workspace)
    if annotate != "none":
        shown = [f for f in findings if _annotated(f, annotate, changed, ctx)]
        sys.stdout.write(render(shown, "github", ctx))
    for err in errors:
        print(f"::error title=driftcheck::{escape_data(err)}")
    if log_format in ("text", "markdown", "json"):
        print_inert(render(findings, log_format, ctx))
    try:
        write_private(sarif_path, render(findings, "sarif", ctx), workspace)
    except OSError as exc:
        print(f"::error title=driftcheck::{escape_data(f'cannot write sarif-file: {exc}')}")
        return 2
    if env.get("GITHUB_STEP_SUMMARY"):
        with open(env["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as fh:
            fh.write(render(findings, "markdown", ctx))
            for err in errors:
                fh.write(f"\n**driftcheck error:** {err}\n")
    if env.get("GITHUB_OUTPUT"):
        with open(env["GITHUB_OUTPUT"], "a", encoding="utf-8") as fh:
            fh.write(output_line("findings", str(len(findings))))
            fh.write(output_line("sarif-file", str(sarif_path)))
    if errors:
        return 2
    return exit_code(findings, fail_on)


if __name__ == "__main__":
    sys.exit(main())
