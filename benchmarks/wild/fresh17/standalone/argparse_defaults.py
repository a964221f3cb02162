import argparse
import shlex

import torch.nn as nn

p = argparse.ArgumentParser()
p.add_argument("--dim", type=int, default=128)
p.add_argument("--blocks", type=int, default=4)
p.add_argument("--kernel", type=int, default=7)
p.add_argument("--no-bias", action="store_true")
p.add_argument("--classes", type=int, default=35)
args = p.parse_args(shlex.split("--dim 64 --no-bias --blocks 3"))


class ResBlock(nn.Module):
    def __init__(self, d, k, bias):
        super().__init__()
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d, bias=bias)
        self.pw = nn.Conv1d(d, 2 * d, 1, bias=bias)
        self.glu = nn.GLU(dim=1)
        self.norm = nn.BatchNorm1d(d)


model = nn.Sequential(
    nn.Conv1d(1, args.dim, 9, stride=4),
    *[ResBlock(args.dim, args.kernel, not args.no_bias) for _ in range(args.blocks)],
    nn.AdaptiveAvgPool1d(1),
    nn.Flatten(),
    nn.Linear(args.dim, args.classes),
)

if __name__ == "__main__":
    import torch

    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _step in range(10):
        loss = model(torch.randn(4, 1, 16000)).logsumexp(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
