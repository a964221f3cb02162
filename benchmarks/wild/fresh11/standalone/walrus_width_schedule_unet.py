"""A 1-D U-Net whose channel schedule is computed with assignment expressions in comprehensions and
conditions (the walrus operator carries the running width)."""

import torch.nn as nn

base, mult, levels = 12, 2, 3
w = base
widths = [base] + [(w := w * mult) for _ in range(levels)]
pairs = list(zip(widths[:-1], widths[1:]))


def block(cin, cout):
    return nn.Sequential(
        nn.Conv1d(cin, cout, 3, padding=1),
        nn.GroupNorm(g if (g := cout // 4) > 0 else 1, cout),
        nn.SiLU(),
    )


class UNet1D(nn.Module):
    def __init__(self, in_ch=2, out_ch=1):
        super().__init__()
        self.inp = nn.Conv1d(in_ch, widths[0], 1)
        self.down = nn.ModuleList(block(a, b) for a, b in pairs)
        self.mid = block(last := widths[-1], last)
        self.up = nn.ModuleList(block(b + b, a) for a, b in reversed(pairs))
        self.out = nn.Conv1d(widths[0], n, 1) if (n := out_ch) > 0 else nn.Identity()


model = UNet1D(in_ch=2, out_ch=1)
