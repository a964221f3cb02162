# SlowFast: a slow pathway (few frames, wide) and a fast pathway (alpha x frames, beta x channels)
# joined by time-strided lateral convs into the slow path
import torch.nn as nn

ALPHA, BETA_INV, FUSION_RATIO = 8, 8, 2


def unit(cin, cout, kt, stride=1):
    return nn.Sequential(
        nn.Conv3d(cin, cout, (kt, 3, 3), (1, stride, stride), (kt // 2, 1, 1), bias=False),
        nn.BatchNorm3d(cout),
        nn.ReLU(inplace=True),
    )


class Fuse(nn.Module):
    def __init__(self, fast_c):
        super().__init__()
        self.conv = nn.Conv3d(
            fast_c, fast_c * FUSION_RATIO, (7, 1, 1), (ALPHA, 1, 1), (3, 0, 0), bias=False
        )
        self.bn = nn.BatchNorm3d(fast_c * FUSION_RATIO)


class SlowFast(nn.Module):
    def __init__(self, widths=(64, 128, 256), classes=400):
        super().__init__()
        slow, fast = [], []
        fuses = []
        s_in, f_in = 3, 3
        for i, w in enumerate(widths):
            fw = w // BETA_INV
            s_extra = 0 if i == 0 else (widths[i - 1] // BETA_INV) * FUSION_RATIO
            slow.append(unit(s_in + s_extra, w, 1 if i < 2 else 3, stride=1 if i == 0 else 2))
            fast.append(unit(f_in, fw, 3, stride=1 if i == 0 else 2))
            fuses.append(Fuse(fw))
            s_in, f_in = w, fw
        self.slow = nn.ModuleList(slow)
        self.fast = nn.ModuleList(fast)
        self.fuse = nn.ModuleList(fuses)
        self.head = nn.Linear(
            widths[-1] + widths[-1] // BETA_INV + (widths[-1] // BETA_INV) * FUSION_RATIO, classes
        )


model = SlowFast()
