"""One module per CLI command, each exporting ``command``. Imported lazily by the CLI."""

from __future__ import annotations

import click

ASSUME_ENV_HELP = (
    "Read os.environ.get(K, D) / os.getenv(K, D) in the analyzed code as D (the launch's "
    "environment assumed clean; a note names each value). Default: unknown."
)


def assume_env_option(extra: str = ""):
    """``--assume-env-defaults`` as check, graph and compare take it (library/environ.py)."""
    return click.option(
        "--assume-env-defaults", is_flag=True, help=ASSUME_ENV_HELP + (f" {extra}" if extra else "")
    )
