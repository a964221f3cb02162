"""A progress bar for runs over many files or models: on a terminal only, on stderr.

tqdm draws it when stderr is a TTY, the run has at least ``MIN_ITEMS`` items and neither
``--quiet`` nor ``DRIFTCHECK_NO_PROGRESS=1`` is set; otherwise every call is a no-op (piped
output, CI logs and golden files never see it). tqdm is imported only when a bar is drawn,
so a one-file run pays nothing at start-up.
"""

from __future__ import annotations

import os
import sys

MIN_ITEMS = 5


class Progress:
    def __init__(self, total: int, what: str) -> None:
        self.total = total
        self.what = what
        self.bar = None

    def _wanted(self) -> bool:
        from driftcheck import selection

        layer = selection.current()
        return (
            self.total >= MIN_ITEMS
            and sys.stderr.isatty()
            and not os.environ.get("DRIFTCHECK_NO_PROGRESS")
            and not (layer is not None and layer.quiet)
        )

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.close()

    def grow(self, n: int) -> None:
        """``n`` more items found (the models of a file that holds several)."""
        self.total += n
        if self.bar is not None:
            self.bar.total = self.total
            self.bar.refresh()

    def step(self, label: str) -> None:
        if self.bar is None:
            if not self._wanted():
                return
            import shutil

            from tqdm import tqdm

            cols = shutil.get_terminal_size().columns  # 80 when the terminal says 0
            self.bar = tqdm(total=self.total, desc=self.what, unit="model", leave=False, ncols=cols)
        self.bar.set_postfix_str(label[-40:], refresh=False)
        self.bar.update(1)
