"""Train a policy to write edit plans the driftcheck verifier accepts: baseline pass@1, SFT warm
start on verified reference plans, TRL GRPO against the gym's reward, re-evaluation on the
held-out split and held-out families; DIR/report.json and DIR/reward_curve.png.

    python training/train_grpo.py --tiny --out runs/tiny            # CPU, nothing downloaded
    accelerate launch --config_file training/accelerate/cpu_2proc.yaml training/train_grpo.py --tiny --out runs/ddp
    python training/train_grpo.py --model /models/Qwen2.5-0.5B-Instruct --lora --vllm colocate --out runs/qwen

See docs/training.md.
"""

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
for p in (_HERE, _HERE.parent, _HERE.parent / "gym"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from driftcheck_training.pipeline import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
