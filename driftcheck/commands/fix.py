"""``driftcheck fix PATH [--config CONFIG]``: apply the fixes driftcheck knows.

With ``--config`` it is ``driftcheck compare PATH CONFIG --fix`` (a literal the code hard-codes
where transformers reads the config becomes that read); without, ``driftcheck check PATH
--fix`` (a head count that does not divide the width becomes the nearest divisor). ``--diff``
prints the edits instead; ``--add-ignore`` writes ignore comments for the remaining findings.
Edits are made with libcst (every other byte kept) and never to a file that changed after it
was analyzed. Exit codes as the command it runs.
"""

from __future__ import annotations

import click


@click.command(name="fix")
@click.argument("paths", nargs=-1, required=True)
@click.option("--config", "config", help="config.json or hf:<id>: fix the code against it.")
@click.option("--diff", is_flag=True, help="Print the edits as a unified diff; write nothing.")
@click.option("--add-ignore", is_flag=True, help="Also add ignore comments for what remains.")
@click.option("--select", multiple=True, help="Fix only these rules.")
def command(paths, config, diff, add_ignore, select) -> int:
    """Apply the fixes driftcheck knows to PATHS (libcst; every other byte kept)."""
    import os

    from driftcheck.cli import main
    from driftcheck.fix import snapshot

    if config and len(paths) != 1:
        raise click.UsageError("with --config, give one code path")
    base = ["compare", paths[0], config] if config else ["check", *paths]
    base += ["--exit-zero", *(x for s in select for x in ("--select", s))]
    if diff:
        return main([*base, "-o", os.devnull, "--diff"])
    rc = 0
    for _ in range(ROUNDS):  # as ruff does: a fix can uncover the next (one drift per value)
        before = snapshot(list(paths))
        rc = main([*base, "-o", os.devnull, "--fix"])
        if rc == 2 or snapshot(list(paths)) == before:
            break
    if add_ignore and rc != 2:
        rc = main([*base, "-o", os.devnull, "--add-ignore"])
    return rc


ROUNDS = 5
