from HRM import HRM_ACT

low = {"dim": 32, "depth": 1, "heads": 2, "ff_mult": 2}
high = {**low, "depth": 2}

model = HRM_ACT(
    [low, high],
    dim=32,
    num_tokens=6,
    reasoning_steps=2,
    max_reasoning_steps=6,
    causal=False,
)
