"""Training a language model to write edit plans the driftcheck verifier accepts (issue #20).

TRL's GRPOTrainer with the gym's reward (``driftcheck_gym``), an SFT warm start on verified
reference plans, pass@1 evaluation with Wilson intervals. Run it as
``python training/train_grpo.py --tiny --out DIR``; docs/training.md has the commands.
"""

__all__ = ["__version__"]
__version__ = "0.1.0"
