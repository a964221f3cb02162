"""The task sets of a run, from the gym's deterministic generator: ``train`` (SFT and GRPO),
``heldout`` (the gym's ``test`` split: the training families under other seeds) and
``heldout_family`` (the gym's ``heldout`` split: families never trained on)."""

from __future__ import annotations

import argparse
from typing import Any

from driftcheck_training import gymlink


def load(args: argparse.Namespace) -> dict[str, list[Any]]:
    gym = gymlink.import_gym()
    fams = [f.strip() for f in args.families.split(",")] if args.families else None
    if fams:
        unknown = [f for f in fams if f not in gym.FAMILIES]
        if unknown:
            from driftcheck_training.pipeline import UsageError

            raise UsageError(
                f"--families: unknown family {unknown[0]!r} (known: {', '.join(gym.FAMILIES)})"
            )
        leak = [f for f in fams if f in gym.HELDOUT_FAMILIES]
        if leak:
            from driftcheck_training.pipeline import UsageError

            raise UsageError(f"--families: {leak[0]!r} is a held-out family")
    return {
        "train": gym.generate_tasks("train", args.seed, args.train_tasks, fams),
        "heldout": gym.generate_tasks("test", args.seed, args.eval_tasks, fams),
        "heldout_family": gym.generate_tasks("heldout", args.seed, args.family_tasks),
    }
