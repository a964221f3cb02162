"""Training a language model to write edit plans the driftcheck verifier accepts (issue #20).

TRL's GRPOTrainer with the gym's reward (``driftcheck_gym``), an SFT warm start on verified
reference plans, pass@1 evaluation with Wilson intervals. Run it as
``python training/train_grpo.py --tiny --out DIR``; docs/training.md has the commands.
"""

import sys

__all__ = ["__version__"]
__version__ = "0.1.0"


def _guard_broken_torch_extras(names: tuple[str, ...] = ("torchvision", "torchaudio")) -> None:
    """A torchvision or torchaudio that cannot be imported (a CUDA wheel beside a CPU torch:
    "operator torchvision::nms does not exist", "libc10_cuda.so: cannot open") makes
    transformers' lazy imports fail, and with them PEFT and TRL, although none of them needs
    it here. Such a package is treated as absent: ``sys.modules[name] = None`` makes
    ``importlib.util.find_spec`` answer None. A working one is left alone."""
    import importlib

    for pkg in names:
        if pkg in sys.modules or importlib.util.find_spec(pkg) is None:
            continue
        try:
            importlib.import_module(pkg)
        except Exception:
            for name in [m for m in sys.modules if m == pkg or m.startswith(pkg + ".")]:
                del sys.modules[name]
            sys.modules[pkg] = None  # type: ignore[assignment]


_guard_broken_torch_extras()
