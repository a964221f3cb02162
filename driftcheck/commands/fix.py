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
    from driftcheck.cli import main

    if config and len(paths) != 1:
        raise click.UsageError("with --config, give one code path")
    args = ["compare", paths[0], config] if config else ["check", *paths]
    args += ["--diff" if diff else "--fix", "--exit-zero", "--quiet", "--format", "concise"]
    args += [x for s in select for x in ("--select", s)]
    if add_ignore:
        args.append("--add-ignore")
    return main(args)
