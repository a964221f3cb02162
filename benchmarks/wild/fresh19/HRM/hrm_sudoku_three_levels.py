"""Sudoku solver: three hierarchy levels built from x-transformers Encoders passed as modules."""

from HRM import HRM
from x_transformers import Encoder

DIM = 48
LEVELS = [(2, 4), (1, 4), (1, 2)]  # (depth, heads) from low to high

nets = [Encoder(dim=DIM, depth=d, heads=h, attn_dim_head=12) for d, h in LEVELS]
model = HRM(nets, dim=DIM, num_tokens=10, reasoning_steps=3, relative_period=(2, 2))

if __name__ == "__main__":
    import torch

    puzzle = torch.randint(0, 10, (1, 81))
    print(model(puzzle).shape if not isinstance(model(puzzle), tuple) else "ok")
