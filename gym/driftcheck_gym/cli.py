"""``driftcheck-gym``: calibrate, leaderboard, grade, manifest, tasks, schema, serve.

Bad input (an unknown task, a missing file, a bad split) exits 2 with one line on stderr."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


def _fail(msg: str) -> None:
    click.echo(f"driftcheck-gym: {msg}", err=True)
    sys.exit(2)


@click.group()
def main() -> None:
    """driftcheck's architecture-editing gym (docs/gym.md)."""


@main.command()
@click.option("--policy", type=click.Choice(["noop", "reference"]), required=True)
@click.option(
    "--split", default="curated", show_default=True, help="curated, train, test, heldout or all"
)
@click.option("--seed", default=1, show_default=True)
@click.option("--count", default=64, show_default=True, help="tasks per generated split")
@click.option("--family", "families", multiple=True, help="only these families")
@click.option("--json", "as_json", is_flag=True)
def calibrate(
    policy: str, split: str, seed: int, count: int, families: tuple[str, ...], as_json: bool
) -> None:
    """Floor (noop) and ceiling (reference) pass rates per split and family."""
    from driftcheck_gym.calibrate import calibrate as run
    from driftcheck_gym.calibrate import report_lines, tasks_for

    try:
        tasks = tasks_for(split, seed, count, list(families) or None)
    except KeyError as e:
        _fail(str(e).strip("'\""))
    cal = run(policy, tasks)
    if as_json:
        click.echo(json.dumps(cal, indent=1))
    click.echo("\n".join(report_lines(cal)))


@main.command()
@click.option(
    "--providers",
    default="reference",
    show_default=True,
    help="comma list: reference, noop, openai:<model>[@url], hf:<path>",
)
@click.option("--split", default="curated", show_default=True)
@click.option("--seed", default=1, show_default=True)
@click.option("--count", default=32, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["md", "json"]), default="md", show_default=True)
@click.option("--out", type=click.Path(dir_okay=False), help="also write the JSON here")
def leaderboard(
    providers: str, split: str, seed: int, count: int, fmt: str, out: str | None
) -> None:
    """Rank providers on a split; every completion graded by the same verifier."""
    from driftcheck_gym import leaderboard as lb
    from driftcheck_gym.calibrate import tasks_for

    try:
        ps = [lb.provider(p.strip()) for p in providers.split(",") if p.strip()]
        tasks = tasks_for(split, seed, count)
    except (ValueError, KeyError, OSError, ImportError) as e:
        _fail(" ".join(str(e).strip("'\"").split())[:300] or type(e).__name__)
    board = lb.run(ps, tasks)
    board["split"] = {"split": split, "seed": seed, "count": len(tasks)}
    if out:
        Path(out).write_text(json.dumps(board, indent=1))
    click.echo(json.dumps(board, indent=1) if fmt == "json" else lb.markdown(board))


@main.command()
@click.option("--task", "task_id", required=True)
@click.option(
    "--plan", "plan_path", required=True, type=click.Path(dir_okay=False, allow_dash=True)
)
@click.option("--full", is_flag=True, help="all fields (findings, metrics)")
def grade(task_id: str, plan_path: str, full: bool) -> None:
    """Grade a plan (JSON list of actions, or a completion holding one) on a task."""
    from driftcheck_gym.grade import grade as run
    from driftcheck_gym.tasks import get_task

    try:
        task = get_task(task_id)
    except KeyError:
        _fail(f"unknown task {task_id!r}")
    try:
        text = sys.stdin.read() if plan_path == "-" else Path(plan_path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        _fail(f"{plan_path}: cannot read plan ({e.__class__.__name__})")
    r = run(task, text).to_dict()
    if not full:
        r.pop("findings", None)
    click.echo(json.dumps(r, indent=1))


@main.command()
@click.option("--split", required=True)
@click.option("--seed", required=True, type=int)
@click.option("--count", required=True, type=click.IntRange(1, 100_000))
def manifest(split: str, seed: int, count: int) -> None:
    """The split's manifest (id, generator version, count, digest, family counts)."""
    from driftcheck_gym.generate import manifest as run

    try:
        click.echo(json.dumps(run(split, seed, count), indent=1))
    except KeyError as e:
        _fail(str(e).strip("'\""))


@main.command()
@click.option("--split", default="curated")
@click.option("--seed", default=1)
@click.option("--count", default=16)
@click.option("--prompt", is_flag=True, help="print each task's prompt")
def tasks(split: str, seed: int, count: int, prompt: bool) -> None:
    """List task ids (and prompts)."""
    from driftcheck_gym.generate import generate_tasks

    try:
        ts = generate_tasks(split, seed, count)
    except KeyError as e:
        _fail(str(e).strip("'\""))
    for t in ts:
        click.echo(t.prompt_text() + "\n" if prompt else f"{t.id}\t{t.family}\t{t.kind}")


@main.command()
def schema() -> None:
    """The plan's JSON Schema."""
    from driftcheck_gym.actions import plan_json_schema

    click.echo(json.dumps(plan_json_schema(), indent=1))


@main.command()
@click.option("--port", default=8737, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option(
    "--edit-log", type=click.Path(dir_okay=False), help="append every episode step here (JSONL)"
)
def serve(port: int, host: str, edit_log: str | None) -> None:
    """Serve the reward service (OpenEnv + harness routes) with uvicorn."""
    from driftcheck_gym.server import serve as run

    run(host, port, log_level="info", edit_log=edit_log)


if __name__ == "__main__":
    main()
