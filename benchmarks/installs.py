"""The installs driftcheck runs in, simulated in a subprocess for the benchmarks and the tests.

- ``full``: ``pip install driftcheck[torch]`` (torch and transformers importable). Nothing hidden.
- ``core``: ``pip install driftcheck``, what the pre-commit hook and the GitHub Action install
  (``action.yml``: ``pip install "$GITHUB_ACTION_PATH"``, no extra; ``.pre-commit-hooks.yaml``:
  ``language: python``, the package alone). transformers is a core dependency and is *on disk*;
  torch is the ``[torch]`` extra and is absent. The static path reads transformers' source
  (``importlib.util.find_spec("transformers")`` locates its directory without importing it), so
  the finder below lets ``find_spec`` see transformers but refuses to *execute* it: any import
  of transformers raises and is recorded, and the run then fails (a ``try: import transformers``
  that swallowed the error is still caught). torch is not found at all, not even its source.
- ``bare``: ``pip install --no-deps driftcheck``: neither torch nor transformers on disk. Not an
  install the hook or the Action makes; kept to show the static path still works (answers where
  transformers' sources are needed are then facts-only or unknown).

``prelude(mode)`` is Python source to run first in a fresh interpreter; ``epilogue()`` checks,
after the analysis, that neither package was imported (``sys.modules``) nor an import attempted.
"""

from __future__ import annotations

MODES = ("full", "core", "bare")

_HIDE = """
import importlib.machinery as _dc_im, sys as _dc_sys
_dc_sys._driftcheck_refused = []

class _DcRefuse:
    def create_module(self, spec):
        _dc_sys._driftcheck_refused.append(spec.name)
        raise ModuleNotFoundError(f"import of {spec.name} refused ({MODE} install: read, never imported)")
    def exec_module(self, module):
        raise ModuleNotFoundError("refused")

class _DcInstall:
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top == "torch" or (top == "transformers" and MODE == "bare"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        if top == "transformers":  # on disk (a core dependency): findable, never executed
            spec = _dc_im.PathFinder.find_spec(name, path)
            if spec is not None:
                spec.loader = _DcRefuse()
            return spec
        return None

_dc_sys.meta_path.insert(0, _DcInstall())
"""

_CHECK = """
import sys as _dc_sys
def _dc_imported():
    mods = sorted({m.split(".")[0] for m in _dc_sys.modules} & {"torch", "transformers"})
    return mods + [f"attempted {n}" for n in getattr(_dc_sys, "_driftcheck_refused", [])]
"""


def prelude(mode: str) -> str:
    """Source that makes this interpreter look like ``mode`` (run before driftcheck imports).
    It defines ``_dc_imported()``: what the run imported or tried to import of torch and
    transformers (always empty for a static run on the core and bare installs)."""
    if mode not in MODES:
        raise ValueError(f"unknown install {mode!r} (one of {', '.join(MODES)})")
    hide = "" if mode == "full" else f"MODE = {mode!r}\n" + _HIDE
    return hide + _CHECK


def cli(mode: str) -> str:
    """A program that runs ``driftcheck.cli.main(sys.argv[1:])`` in ``mode``; on the core and
    bare installs it exits 3 with a line on stderr if torch or transformers was imported."""
    return _program(mode, "from driftcheck.cli import main\nrc = main(sys.argv[1:])\n")


def hook(mode: str) -> str:
    """A program that runs the pre-commit hook's entry (``driftcheck-check FILE...``:
    ``driftcheck.hooks.check_main(sys.argv[1:])``, every file pre-commit hands one invocation
    analysed in one process) in ``mode``; exit 3 as ``cli`` when torch or transformers was
    imported on the core and bare installs."""
    return _program(
        mode, "from driftcheck.hooks import check_main\nrc = check_main(sys.argv[1:])\n"
    )


def _program(mode: str, call: str) -> str:
    check = (
        ""
        if mode == "full"
        else (
            "if _dc_imported():\n"
            "    print(f'{MODE} install: the static path imported {_dc_imported()}', file=sys.stderr)\n"
            "    sys.exit(3)\n"
        )
    )
    return prelude(mode) + "import sys\n" + call + check + "sys.exit(rc)\n"
