"""Run the composite action's steps locally with the GitHub environment emulated.

The steps come from ``action.yml`` itself: every ``run`` step is executed with bash after
substituting ``${{ inputs.* }}`` / ``${{ github.action_path }}`` as the runner would; ``uses``
steps (setup-python) are skipped since this machine already has Python. The install step runs
in a virtualenv that sees this interpreter's packages, so it installs driftcheck from the
action path without touching the test environment.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import venv
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.conftest import ROOT

SCHEMA = ROOT / "tests" / "data" / "sarif-schema-2.1.0.json"

BASE_MODEL = """import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim=128, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(self.attn(x, x, x)[0])
"""


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def _substitute(text: str, inputs: dict[str, str]) -> str:
    def repl(m: re.Match) -> str:
        expr = m.group(1).strip()
        if expr == "github.action_path":
            return str(ROOT)
        if expr.startswith("inputs."):
            return inputs[expr[len("inputs.") :]]
        raise AssertionError(f"unhandled expression {expr}")

    return re.sub(r"\$\{\{(.*?)\}\}", repl, text)


def _step_env(env_dir: Path, workspace: Path, tmp: Path) -> dict[str, str]:
    return {
        "PATH": f"{env_dir / 'bin'}:/usr/bin:/bin",
        "HOME": str(tmp),
        "GITHUB_ACTIONS": "true",
        "GITHUB_ACTION_PATH": str(ROOT),
        "RUNNER_TEMP": str(tmp),
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_STEP_SUMMARY": str(tmp / "summary.md"),
        "GITHUB_OUTPUT": str(tmp / "output.txt"),
        "GITHUB_BASE_REF": "main",
        "GITHUB_EVENT_NAME": "pull_request",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INDEX": "1",
        "PIP_NO_BUILD_ISOLATION": "0",  # pip reads this inverted: 0 turns isolation off
        "PYTHONDONTWRITEBYTECODE": "1",
    }


def _steps(inputs: dict[str, str], *, install: bool) -> list[dict]:
    """The action's run steps; the install step alone, or every step after it."""
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    runs = [s for s in spec["runs"]["steps"] if "uses" not in s]
    return runs[:1] if install else runs[1:]


def _run_steps(steps, inputs, env_base, workspace) -> list[subprocess.CompletedProcess]:
    logs = []
    for step in steps:
        env = dict(env_base)
        env.update({k: _substitute(str(v), inputs) for k, v in step.get("env", {}).items()})
        # the runner starts a step in the workspace unless it names a working-directory
        cwd = _substitute(step.get("working-directory", str(workspace)), inputs)
        proc = subprocess.run(
            ["bash", "-e", "-c", _substitute(step["run"], inputs)],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        logs.append(proc)
        if proc.returncode != 0:
            break
    return logs


def _inputs(**given: str) -> dict[str, str]:
    spec = yaml.safe_load((ROOT / "action.yml").read_text())
    inputs = {k: str(v.get("default", "")) for k, v in spec["inputs"].items()}
    inputs.update(given)
    return inputs


@pytest.fixture(scope="module")
def action_env(tmp_path_factory) -> Path:
    """A runner-like Python where the action's install step has run (once per module)."""
    tmp = tmp_path_factory.mktemp("runner")
    env_dir = tmp / "venv"
    # pip and the dependencies come from this interpreter's site-packages, so the install
    # step needs no network; driftcheck itself is installed from the action path. A .pth file
    # adds the site-packages of the interpreter running the tests (a virtual environment in CI,
    # with setuptools and wheel from the [test] extra), not the base interpreter's, which
    # system_site_packages would give (there `wheel` may be missing: bdist_wheel fails).
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(env_dir)
    import site

    (purelib,) = {Path(p) for p in (env_dir / "lib").glob("python3*/site-packages")}
    paths = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (purelib / "_runner_deps.pth").write_text("\n".join(paths) + "\n")
    (logs,) = [
        _run_steps(_steps(_inputs(), install=True), _inputs(), _step_env(env_dir, tmp, tmp), tmp)
    ]
    assert logs[-1].returncode == 0, logs[-1].stderr
    return env_dir


def run_action(env_dir: Path, workspace: Path, tmp: Path, **given: str) -> dict:
    inputs = _inputs(**given)
    env_base = _step_env(env_dir, workspace, tmp)
    (tmp / "summary.md").write_text("")
    (tmp / "output.txt").write_text("")
    logs = _run_steps(_steps(inputs, install=False), inputs, env_base, workspace)
    outputs = dict(
        line.split("=", 1) for line in (tmp / "output.txt").read_text().splitlines() if "=" in line
    )
    return {"procs": logs, "summary": (tmp / "summary.md").read_text(), "outputs": outputs}


def test_install_step_installs_driftcheck_from_the_action_path(action_env: Path):
    # the step's install lands in the runner's environment (the test env's editable install
    # of the same tree may still win on import, through its meta-path finder)
    dist = list((action_env / "lib").glob("python3*/site-packages/driftcheck-*.dist-info"))
    assert dist, "the install step did not install driftcheck into the runner environment"


@pytest.fixture
def pr_workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    _git(ws, "init", "-q", "-b", "main")
    _git(ws, "config", "user.email", "t@example.com")
    _git(ws, "config", "user.name", "t")
    (ws / "model.py").write_text(BASE_MODEL)
    (ws / "config.json").write_text(
        json.dumps({"model_type": "custom", "hidden_size": 128, "num_attention_heads": 4})
    )
    _git(ws, "add", ".")
    _git(ws, "commit", "-qm", "base")
    _git(ws, "update-ref", "refs/remotes/origin/main", "HEAD")
    _git(ws, "checkout", "-qb", "pr")
    # the PR breaks the head count on line 7
    (ws / "model.py").write_text(BASE_MODEL.replace("(dim, heads)", "(dim, 3)"))
    _git(ws, "commit", "-qam", "pr")
    return ws


def test_action_annotates_summarises_and_writes_valid_sarif(
    action_env: Path, pr_workspace: Path, tmp_path: Path
):
    res = run_action(action_env, pr_workspace, tmp_path, paths="model.py", **{"fail-on": "blocker"})
    (run,) = res["procs"]
    assert run.returncode == 1, run.stdout + run.stderr  # a blocker fails the step
    annotations = [x for x in run.stdout.splitlines() if x.startswith("::error ")]
    assert annotations, run.stdout
    assert any("file=model.py" in a and "ATT001" in a for a in annotations), annotations
    assert "ATT001" in res["summary"] and res["summary"].lstrip().startswith("#")
    sarif_path = Path(res["outputs"]["sarif-file"])
    sarif = json.loads(sarif_path.read_text())
    jsonschema.validate(sarif, json.loads(SCHEMA.read_text()))
    results = sarif["runs"][0]["results"]
    assert any(r["ruleId"] == "ATT001" for r in results)
    assert int(res["outputs"]["findings"]) >= 1


def test_action_only_annotates_changed_lines(action_env: Path, pr_workspace: Path, tmp_path: Path):
    # a second blocker on a line the PR did not touch must reach SARIF and summary, not annotations
    model = pr_workspace / "model.py"
    text = model.read_text().replace(
        "        self.norm = nn.LayerNorm(dim)\n",
        "        self.norm = nn.LayerNorm(dim)\n        self.extra = nn.MultiheadAttention(10, 3)\n",
    )
    _git(pr_workspace, "checkout", "-q", "main")
    model.write_text(text.replace("(dim, 3)", "(dim, heads)"))
    _git(pr_workspace, "commit", "-qam", "base with a latent bug")
    _git(pr_workspace, "update-ref", "refs/remotes/origin/main", "HEAD")
    _git(pr_workspace, "checkout", "-q", "pr")
    _git(pr_workspace, "reset", "-q", "--hard", "main")
    model.write_text(text)
    _git(pr_workspace, "commit", "-qam", "pr")
    res = run_action(action_env, pr_workspace, tmp_path, paths="model.py")
    run = res["procs"][-1]
    annotated = [x for x in run.stdout.splitlines() if x.startswith("::error ")]
    assert len(annotated) == 1 and "line=7" in annotated[0], run.stdout
    sarif = json.loads(Path(res["outputs"]["sarif-file"]).read_text())
    assert len([r for r in sarif["runs"][0]["results"] if r["ruleId"] == "ATT001"]) == 2


def test_action_changed_files_mode_annotates_whole_file(
    action_env: Path, pr_workspace: Path, tmp_path: Path
):
    model = pr_workspace / "model.py"
    model.write_text(model.read_text() + "\n\ndef helper():\n    return 1\n")
    _git(pr_workspace, "commit", "-qam", "touch")
    res = run_action(action_env, pr_workspace, tmp_path, paths="model.py", annotate="changed-files")
    annotated = [x for x in res["procs"][-1].stdout.splitlines() if x.startswith("::error ")]
    assert annotated and all("file=model.py" in a for a in annotated)


def test_action_checks_the_files_the_hook_checks(
    action_env: Path, pr_workspace: Path, tmp_path: Path
):
    """``paths`` chosen as the pre-commit hook chooses (``hooks.analyses``): a script building
    ``model`` with no ``nn.Module`` class is checked, a utility file is skipped with a notice
    and a pydantic ``BaseModel`` file is noted by check; neither is an error (exit 2)."""
    ws = pr_workspace
    (ws / "build.py").write_text("import torch.nn as nn\n\nmodel = nn.MultiheadAttention(10, 3)\n")
    (ws / "util.py").write_text("import torch\n\nDEVICE = torch.device('cpu')\n")
    (ws / "schema.py").write_text(
        "from pydantic import BaseModel\n\n\nclass User(BaseModel):\n    name: str\n"
    )
    _git(ws, "add", ".")
    _git(ws, "commit", "-qm", "pr adds a script and two plain files")
    res = run_action(
        action_env, ws, tmp_path, paths="build.py util.py schema.py", **{"fail-on": "blocker"}
    )
    run = res["procs"][-1]
    assert run.returncode == 1, run.stdout + run.stderr  # the script's blocker, no exit 2
    assert any("file=build.py" in x and "ATT001" in x for x in run.stdout.splitlines())
    assert "::notice title=driftcheck::util.py: skipped" in run.stdout
    assert "schema.py" not in " ".join(
        x for x in run.stdout.splitlines() if x.startswith("::error")
    )


def test_action_compare_pair_reports_drift(action_env: Path, pr_workspace: Path, tmp_path: Path):
    res = run_action(
        action_env, pr_workspace, tmp_path, compare="model.py=config.json", **{"fail-on": "major"}
    )
    run = res["procs"][-1]
    assert run.returncode in (0, 1), run.stdout + run.stderr
    assert "driftcheck" in res["summary"].lower()


ENV_MODEL = """import os

import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(int(os.environ.get("R26_DIM", "10")), 3)

    def forward(self, x):
        return self.attn(x, x, x)[0]
"""


def test_action_assume_env_defaults_input(action_env: Path, pr_workspace: Path, tmp_path: Path):
    """``assume-env-defaults: true`` passes the flag to check and to each compare pair: the
    width read from the environment is its default (10 heads of 3: ATT001); off, unknown."""
    ws = pr_workspace
    (ws / "env_model.py").write_text(ENV_MODEL)
    (ws / "b").mkdir()
    (ws / "b" / "env_model.py").write_text(ENV_MODEL.replace('"10"', '"12"'))
    _git(ws, "add", ".")
    _git(ws, "commit", "-qm", "pr reads its width from the environment")
    given = {"paths": "env_model.py", "compare": "env_model.py=b/env_model.py"}
    off = run_action(action_env, ws, tmp_path, **given)
    assert "ATT001" not in off["summary"] and "embedDim" not in off["summary"], off["summary"]
    on = run_action(action_env, ws, tmp_path, **given, **{"assume-env-defaults": "true"})
    assert "ATT001" in on["summary"], on["summary"]
    assert "embedDim is 10" in on["summary"] and "12" in on["summary"], on["summary"]
    bad = run_action(action_env, ws, tmp_path, **given, **{"assume-env-defaults": "yes"})
    run = bad["procs"][-1]
    assert run.returncode == 2 and "assume-env-defaults must be true or false" in run.stdout


def test_action_bad_pair_is_exit_2(action_env: Path, pr_workspace: Path, tmp_path: Path):
    res = run_action(action_env, pr_workspace, tmp_path, compare="model.py")
    run = res["procs"][-1]
    assert run.returncode == 2
    assert "::error title=driftcheck::" in run.stdout


def test_action_never_imports_the_pr_code(action_env: Path, pr_workspace: Path, tmp_path: Path):
    (pr_workspace / "model.py").write_text(
        "import pathlib\npathlib.Path('PWNED').write_text('x')\nraise SystemExit(3)\n" + BASE_MODEL
    )
    run_action(action_env, pr_workspace, tmp_path, paths="model.py")
    assert not (pr_workspace / "PWNED").exists()


# --- a hostile pull request (issue #22) -------------------------------------------------------
# The PR controls every file of the checkout. These run the steps against a checkout where the PR
# planted a module for every name driftcheck or pip could import, workflow commands inside the
# report text, and a symlink where the SARIF file goes. Each failed before the fix: ``python -m``
# put the working directory first on ``sys.path``, the report was printed unescaped, and the
# SARIF file was written through whatever the path pointed at.

_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _importable_names() -> set[str]:
    """Every top-level name the steps could import: the stdlib, installed packages, driftcheck."""
    names = set(sys.stdlib_module_names)
    names |= set(importlib.metadata.packages_distributions())
    names |= {"driftcheck", "pip", "setuptools", "wheel", "sitecustomize", "usercustomize"}
    return {n for n in names if _IDENT.match(n) and n != "__main__"}


def _plant(workspace: Path, marks: Path) -> set[str]:
    """A module (and for driftcheck a package) per name; importing one writes a mark file."""
    names = _importable_names()
    for name in names:
        body = f"open({str(marks / name)!r}, 'w').write('ran')\n"
        if name == "driftcheck":
            pkg = workspace / "driftcheck"
            pkg.mkdir()
            for mod in ("__init__", "__main__", "action", "cli"):
                (pkg / f"{mod}.py").write_text(body)
        else:
            (workspace / f"{name}.py").write_text(body)
    return names


def test_planted_modules_never_run(action_env: Path, pr_workspace: Path, tmp_path: Path):
    marks = tmp_path / "marks"
    marks.mkdir()
    planted = _plant(pr_workspace, marks)
    assert {"json", "pydantic", "click", "yaml", "driftcheck", "pip"} <= planted
    res = run_action(
        action_env,
        pr_workspace,
        tmp_path,
        paths="model.py",
        compare="model.py=config.json",
        **{"fail-on": "blocker"},
    )
    run = res["procs"][-1]
    assert sorted(p.name for p in marks.iterdir()) == []
    # the action still did its job from the installed package
    assert run.returncode == 1, run.stdout + run.stderr
    assert "ATT001" in res["summary"]


def test_install_step_ignores_planted_pip(tmp_path: Path, action_env: Path):
    # the install step alone, from a checkout that plants pip: it must not import it either
    ws = tmp_path / "ws"
    ws.mkdir()
    marks = tmp_path / "marks"
    marks.mkdir()
    (ws / "pip").mkdir()
    for mod in ("__init__", "__main__"):
        (ws / "pip" / f"{mod}.py").write_text(f"open({str(marks / 'pip')!r}, 'w').write('x')\n")
    logs = _run_steps(
        _steps(_inputs(), install=True), _inputs(), _step_env(action_env, ws, tmp_path), ws
    )
    assert logs[-1].returncode == 0, logs[-1].stderr
    assert not (marks / "pip").exists()


_HOSTILE = BASE_MODEL.replace(
    "class Encoder(nn.Module):",
    'class Encoder(nn.Module):\n    """::add-mask::hidden\n::error title=forged::pwned"""',
).replace("(dim, heads)", "(dim, 3)")


def _commands(stdout: str) -> list[str]:
    """The lines the runner would read as workflow commands (outside stop-commands pauses)."""
    out, token = [], None
    for line in stdout.splitlines():
        if token is not None:
            if line == f"::{token}::":
                token = None
            continue
        if line.startswith("::stop-commands::"):
            token = line[len("::stop-commands::") :]
            continue
        if line.startswith("::"):
            out.append(line)
    assert token is None, "a stop-commands pause was never ended"
    return out


def test_report_text_cannot_inject_workflow_commands(
    action_env: Path, pr_workspace: Path, tmp_path: Path
):
    # a file name (found by walking a folder) and config strings with newlines and commands in them
    src = pr_workspace / "src"
    src.mkdir()
    (src / "bad\n::add-mask::secret\n::warning title=x::y.py").write_text(_HOSTILE)
    (pr_workspace / "config.json").write_text(
        json.dumps(
            {
                "model_type": "custom\n::add-mask::cfg",
                "hidden_size": 96,
                "num_attention_heads": 4,
                "hidden_act": "gelu\n::error title=forged::x",
            }
        )
    )
    for fmt in ("text", "markdown", "json"):
        res = run_action(
            action_env,
            pr_workspace,
            tmp_path,
            paths="src",
            compare="model.py=config.json",
            format=fmt,
        )
        run = res["procs"][-1]
        assert "add-mask" in run.stdout, run.stdout + run.stderr  # the text did reach the log
        cmds = _commands(run.stdout)
        assert cmds, run.stdout + run.stderr
        assert all(re.match(r"^::(error|warning|notice) ", c) for c in cmds), cmds
        assert not any("title=forged" in c for c in cmds), cmds


def test_bad_input_error_is_escaped(action_env: Path, pr_workspace: Path, tmp_path: Path):
    res = run_action(
        action_env, pr_workspace, tmp_path, compare="model.py=missing\n::add-mask::x.json"
    )
    run = res["procs"][-1]
    assert run.returncode == 2
    assert not any(line.startswith("::add-mask::") for line in run.stdout.splitlines())


@pytest.mark.parametrize("target", ["file", "dir"])
def test_sarif_never_written_through_a_planted_symlink(
    action_env: Path, pr_workspace: Path, tmp_path: Path, tmp_path_factory, target: str
):
    victim = tmp_path_factory.mktemp("victim")  # outside the workspace and the runner's temp
    (victim / "driftcheck.sarif").write_text("precious")
    if target == "file":
        (pr_workspace / "driftcheck.sarif").symlink_to(victim / "driftcheck.sarif")
        sarif = "driftcheck.sarif"
    else:
        (pr_workspace / "out").symlink_to(victim)
        sarif = "out/driftcheck.sarif"
    res = run_action(action_env, pr_workspace, tmp_path, paths="model.py", **{"sarif-file": sarif})
    run = res["procs"][-1]
    assert (victim / "driftcheck.sarif").read_text() == "precious"
    assert run.returncode == 2, run.stdout + run.stderr
    assert "::error title=driftcheck::cannot write sarif-file" in run.stdout


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
